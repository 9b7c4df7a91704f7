/**
 * The typewriter: reveals already rendered, sanitised markup character by character. The markdown is
 * parsed once; each frame only appends the characters due since the last frame to one or two text
 * nodes, so the cost per frame does not grow with the length of the message.
 */

/** Runs `callback` on the next animation frame; returns a function that cancels it. */
export type RequestFrame = (callback: (time: number) => void) => () => void;

export interface TypewriterOptions {
  /** Milliseconds per character. */
  msPerChar: number;
  requestFrame: RequestFrame;
  now: () => number;
  /** Called once, when everything is shown (by time or by `finish()`). */
  onDone: () => void;
}

export interface Typewriter {
  /** Shows the rest at once. */
  finish(): void;
  /** Stops without calling `onDone` (the component went away). */
  cancel(): void;
}

/** A step of the reveal: a text node to type out, or an element with no text (an image, a line break). */
type Step = { kind: 'text'; node: Text } | { kind: 'leaf'; node: Element };

function collectSteps(root: Node, steps: Step[] = []): Step[] {
  for (let child = root.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === Node.TEXT_NODE) {
      if ((child as Text).data.length > 0) steps.push({ kind: 'text', node: child as Text });
    } else if (child.nodeType === Node.ELEMENT_NODE) {
      if (child.firstChild) collectSteps(child, steps);
      else steps.push({ kind: 'leaf', node: child as Element });
    }
  }
  return steps;
}

/**
 * Copies `steps` of `source` into `target` a character (or a leaf element) at a time, rebuilding the
 * ancestors of each piece on first use, with the cursor after the last character shown.
 */
function createRevealer(source: DocumentFragment, target: HTMLElement, steps: Step[], cursor: HTMLElement) {
  const copies = new Map<Node, Node>([[source, target]]);
  let stepIndex = 0;
  let offset = 0;

  /** The copy of `node`'s parent in the target, creating the chain of ancestors on first use. */
  const copyOfParent = (node: Node): Node => {
    const parent = node.parentNode as Node;
    const existing = copies.get(parent);
    if (existing) return existing;
    const copy = parent.cloneNode(false);
    copyOfParent(parent).appendChild(copy);
    copies.set(parent, copy);
    return copy;
  };

  /** Shows `text`'s next characters, at most `budget`; returns how many were shown. */
  const revealText = (step: Extract<Step, { kind: 'text' }>, parent: Node, budget: number): number => {
    let copy = copies.get(step.node) as Text | undefined;
    if (!copy) {
      copy = target.ownerDocument.createTextNode('');
      parent.appendChild(copy);
      copies.set(step.node, copy);
    }
    const take = Math.min(budget, step.node.data.length - offset);
    copy.appendData(step.node.data.slice(offset, offset + take));
    offset += take;
    if (offset >= step.node.data.length) {
      stepIndex += 1;
      offset = 0;
    }
    return take;
  };

  return {
    done: () => stepIndex >= steps.length,
    /** Shows up to `budget` more characters. */
    reveal(budget: number): void {
      let remaining = budget;
      let lastParent: Node | null = null;
      while (remaining > 0 && stepIndex < steps.length) {
        const step = steps[stepIndex] as Step;
        const parent = copyOfParent(step.node);
        lastParent = parent;
        if (step.kind === 'leaf') {
          parent.appendChild(step.node.cloneNode(true));
          remaining -= 1;
          stepIndex += 1;
        } else {
          remaining -= revealText(step, parent, remaining);
        }
      }
      if (lastParent && (cursor.parentNode !== lastParent || cursor.nextSibling)) lastParent.appendChild(cursor);
    },
  };
}

/**
 * Calls `reveal` when the visitor shows they are done waiting: a tap or click on the message being
 * typed, or typing in the widget (any text box of the root `target` is in). The reply has fully
 * arrived; only its reveal is left, and a visitor who reads ahead or starts to answer should not wait
 * seconds for it. Returns the function that stops listening.
 */
function revealOnVisitorAction(target: HTMLElement, reveal: () => void): () => void {
  const root = target.getRootNode();
  target.addEventListener('pointerdown', reveal);
  root.addEventListener('input', reveal);
  return () => {
    target.removeEventListener('pointerdown', reveal);
    root.removeEventListener('input', reveal);
  };
}

/**
 * Reveals `source` (sanitised markup, e.g. a template's content) inside `target`, with a blinking
 * cursor after the last character shown. `target` is emptied first and belongs to the typewriter
 * until it is done.
 */
export function startTypewriter(target: HTMLElement, source: DocumentFragment, options: TypewriterOptions): Typewriter {
  const steps = collectSteps(source);
  const cursor = target.ownerDocument.createElement('span');
  cursor.className = 'typing-cursor';
  cursor.setAttribute('aria-hidden', 'true');
  target.replaceChildren(cursor);
  const revealer = createRevealer(source, target, steps, cursor);

  let shown = 0;
  let cancelFrame: (() => void) | null = null;
  let finished = false;
  const started = options.now();

  const stopListening = revealOnVisitorAction(target, () => complete());
  const complete = () => {
    if (finished) return;
    finished = true;
    stopListening();
    cancelFrame?.();
    cancelFrame = null;
    target.replaceChildren(source);
    options.onDone();
  };

  const frame = () => {
    cancelFrame = null;
    const due = Math.floor((options.now() - started) / options.msPerChar);
    if (due > shown) {
      revealer.reveal(due - shown);
      shown = due;
    }
    if (revealer.done()) complete();
    else cancelFrame = options.requestFrame(frame);
  };

  if (steps.length === 0 || options.msPerChar <= 0) complete();
  else cancelFrame = options.requestFrame(frame);

  return {
    finish: complete,
    cancel() {
      finished = true;
      stopListening();
      cancelFrame?.();
      cancelFrame = null;
    },
  };
}
