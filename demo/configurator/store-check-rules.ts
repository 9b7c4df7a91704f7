/**
 * The "Connect your store" step's check, its rules: what one call of the store's webhook came back as,
 * told in plain words. Pure; the call itself is store-check.ts's. A reply is read by the widget's own
 * parser, so "products" here are the cards a visitor would see.
 */
import { parseReply } from '../../src/chat/replies/reply-parser';
import type { ProductContext } from '../../src/chat/replies/products';
import type { WebhookFailure, WebhookReply } from '../../src/chat/replies/webhook-client';

/** The question the check asks, as a visitor would: any store's catalogue can answer it. */
export const CHECK_QUESTION = 'What do you sell?';

/** How one call of the webhook ended, as store-check.ts observed it. */
export type CheckOutcome =
  | { kind: 'reply'; reply: WebhookReply }
  | {
      kind: 'failed';
      failure: WebhookFailure;
      status?: number;
      /**
       * For a network failure: whether a no-cors request to the same address got an answer, which means
       * the server is there and the browser refused to hand its reply to the page (CORS).
       */
      answeredWithoutCors?: boolean;
    };

export type CheckVerdict =
  'success' | 'unreachable' | 'cors' | 'not-found' | 'failed-status' | 'timeout' | 'wrong-shape' | 'no-products';

export interface CheckResult {
  verdict: CheckVerdict;
  /** The sentence the owner reads. */
  sentence: string;
  /** The product cards the reply held (success only). */
  products?: number;
}

/** What the page knows that the sentences name. */
export interface CheckFacts {
  /** The configurator page's origin: the one the webhook's CORS must allow for this check. */
  pageOrigin: string;
  /** How reply products are read (the widget's image and link rules). */
  productContext: ProductContext;
}

/** n8n's own answer when the webhook answers at once instead of through a Respond to Webhook node. */
const N8N_STARTED = /^\s*workflow (?:was )?started\s*$/i;

/** The longest piece of the reply's text quoted back to the owner. */
const QUOTED_LENGTH = 160;

const SHAPE_HELP =
  'The widget reads JSON such as { "output": "…", "products": [ … ] } (docs/webhook.md). Import the workflow file above unchanged, so its Respond to widget node answers.';

function quoted(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > QUOTED_LENGTH ? `${line.slice(0, QUOTED_LENGTH - 1)}…` : line;
}

/** A failed call, told. */
function failedResult(outcome: Extract<CheckOutcome, { kind: 'failed' }>, facts: CheckFacts): CheckResult {
  switch (outcome.failure) {
    case 'network':
      return outcome.answeredWithoutCors
        ? {
            verdict: 'cors',
            sentence: `The webhook answered, but your browser blocked its reply (CORS). On the workflow's Chat webhook node, put this page's origin (${facts.pageOrigin}) and your store's in Options → Allowed Origins (CORS), separated by a comma.`,
          }
        : {
            verdict: 'unreachable',
            sentence:
              "The webhook could not be reached. Check the address (the Chat webhook's Production URL), that the workflow is active, and that your n8n can be reached from this browser.",
          };
    case 'timeout':
      return {
        verdict: 'timeout',
        sentence:
          "The webhook did not answer within 60 seconds, the longest the widget waits. Open the workflow's last execution in n8n to see which node is still running.",
      };
    case 'http':
      return outcome.status === 404
        ? {
            verdict: 'not-found',
            sentence:
              'The webhook answered 404 (not found): activate the workflow and use its Production URL (the Test URL answers only while n8n listens for a test event).',
          }
        : {
            verdict: 'failed-status',
            sentence: `The webhook answered with an error (HTTP ${outcome.status ?? '?'}). Open the workflow's last execution in n8n to see which node failed.`,
          };
    case 'html':
      return { verdict: 'wrong-shape', sentence: `The webhook answered with a web page, not a reply. ${SHAPE_HELP}` };
    default:
      return { verdict: 'wrong-shape', sentence: `The webhook's reply could not be read. ${SHAPE_HELP}` };
  }
}

/** The reply as the widget reads it: a stream's text and parts, or the body by its content type. */
function parsed(reply: WebhookReply, context: ProductContext) {
  if (!reply.streamed) return parseReply(reply.body, context, { servedAsJson: /json/i.test(reply.contentType) });
  return parseReply(reply.parts ? [{ output: reply.text }, ...reply.parts] : reply.text, context);
}

/** The check's result for one call's outcome. */
export function classifyCheck(outcome: CheckOutcome, facts: CheckFacts): CheckResult {
  if (outcome.kind === 'failed') return failedResult(outcome, facts);
  const reply = parsed(outcome.reply, facts.productContext);
  const products = reply.products.length;
  if (products > 0)
    return {
      verdict: 'success',
      sentence: `Your store answered with ${products} product${products === 1 ? '' : 's'}.`,
      products,
    };
  if (N8N_STARTED.test(reply.text))
    return {
      verdict: 'wrong-shape',
      sentence:
        'n8n answered "Workflow was started" instead of a reply: set the Chat webhook\'s Respond option to "Using \'Respond to Webhook\' Node", as the workflow file above has it.',
    };
  if (reply.text.trim() === '' && !reply.orders)
    return {
      verdict: 'wrong-shape',
      sentence: `The webhook answered, but with nothing the widget can show. ${SHAPE_HELP}`,
    };
  return {
    verdict: 'no-products',
    sentence: `Your workflow answered, but with no products: "${quoted(reply.text)}". Check the store's address in the workflow's Store settings, and in n8n's last execution what the catalogue tool returned.`,
  };
}
