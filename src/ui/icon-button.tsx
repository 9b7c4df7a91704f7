import { useId, type PointerEvent, type Ref } from 'react';
import { useActions, useAssistantState } from './context';
import { Icon, type IconName } from './icon';

/** Where the tooltip sits: below the button (headers) or above it (the input bar), and which way it hangs. */
export type TooltipPlacement = 'below' | 'below-start' | 'below-end' | 'above' | 'above-start' | 'above-end';

interface IconButtonProps {
  icon: IconName;
  /** The button's accessible name, also shown as its tooltip. */
  label: string;
  onClick: () => void;
  className?: string;
  disabled?: boolean;
  /** For toggle buttons (mute): whether it is on. */
  pressed?: boolean;
  small?: boolean;
  placement?: TooltipPlacement;
  /** A part name for store CSS. */
  part?: string;
  ref?: Ref<HTMLButtonElement>;
  /**
   * A click leaves focus where it was (the text box), so a phone's keyboard stays open and the next
   * message can be typed at once.
   */
  keepFocus?: boolean;
}

/** Whether the browser draws a focus ring on `element` (keyboard focus); false where it cannot say. */
function isFocusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return false;
  }
}

/**
 * A button that shows only an icon: its label is its accessible name and, after the pointer or
 * keyboard focus rests on it, a tooltip (700 ms to open, 300 ms skip delay between buttons).
 * The tooltip repeats the name for sighted visitors, so it is hidden from assistive technology.
 */
export function IconButton({
  icon,
  label,
  onClick,
  className,
  disabled,
  pressed,
  small,
  placement = 'below',
  part,
  ref,
  keepFocus,
}: IconButtonProps) {
  const id = useId();
  const { showTooltip, hideTooltip } = useActions();
  const open = useAssistantState((state) => state.tooltip === id);
  // Touch has no hover: a tap would otherwise leave a tooltip standing after the button did its work.
  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType !== 'touch') showTooltip(id);
  };
  return (
    <span className={`tip-anchor tip-${placement}`}>
      <button
        ref={ref}
        type="button"
        className={`icon-button${className ? ` ${className}` : ''}`}
        part={part}
        aria-label={label}
        aria-pressed={pressed}
        disabled={disabled}
        onClick={() => {
          hideTooltip(id);
          onClick();
        }}
        onMouseDown={keepFocus ? (event) => event.preventDefault() : undefined}
        onPointerEnter={onPointerEnter}
        onPointerLeave={() => hideTooltip(id)}
        onFocus={(event) => {
          // Only keyboard focus: focus that follows a click or tap needs no hint.
          if (isFocusVisible(event.currentTarget)) showTooltip(id);
        }}
        onBlur={() => hideTooltip(id)}
      >
        <Icon name={icon} small={small} />
      </button>
      {open && (
        <span className="tooltip" aria-hidden="true">
          {label}
        </span>
      )}
    </span>
  );
}
