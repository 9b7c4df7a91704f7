/**
 * The "Connect your store" step: the platform, the shop's address and the model's name give the
 * workflow file to import (store-workflow.ts), the model's base URL what to enter in its credential; the webhook URL the owner copies from n8n afterwards
 * goes into the form (so the snippet carries it), and Check calls it once (store-check.ts).
 */
import { byId, inputById, setStatus, type StatusLevel } from './dom';
import { checkStoreWebhook } from './store-check';
import type { CheckVerdict } from './store-check-rules';
import {
  filledWorkflow,
  isStorePlatform,
  PLATFORMS,
  settingsFor,
  workflowFileText,
  type StoreConnection,
  type StorePlatform,
} from './store-workflow';

/** The address field's label and hint, by platform. */
const ADDRESS_FIELD: Readonly<Record<StorePlatform, { label: string; hint: string }>> = {
  shopify: {
    label: "Shop's domain",
    hint: 'your-shop.myshopify.com, or your own domain. The workflow asks its catalogue at /api/ucp/mcp.',
  },
  woocommerce: {
    label: "Shop's domain",
    hint: "shop.example.com. The workflow asks WooCommerce's public Store API there (/wp-json/wc/store/v1).",
  },
  'any-store': {
    label: 'Search URL',
    hint: 'Your product search endpoint, such as https://shop.example.com/search.json; the workflow adds ?q=<words>.',
  },
};

/** Which message line belongs to which field of the step. */
const MESSAGE_IDS: Readonly<Record<'address' | 'modelBaseUrl' | 'model', string>> = {
  address: 'message-connect-address',
  modelBaseUrl: 'message-connect-model-base-url',
  model: 'message-connect-model',
};

const LEVELS: Readonly<Record<CheckVerdict, StatusLevel>> = {
  success: 'ok',
  'no-products': 'warning',
  unreachable: 'error',
  cors: 'error',
  'not-found': 'error',
  'failed-status': 'error',
  timeout: 'error',
  'wrong-shape': 'error',
};

function platformOf(select: HTMLSelectElement): StorePlatform {
  return isStorePlatform(select.value) ? select.value : 'shopify';
}

function connectionOf(select: HTMLSelectElement): StoreConnection {
  return {
    platform: platformOf(select),
    address: inputById('connect-address').value,
    modelBaseUrl: inputById('connect-model-base-url').value,
    model: inputById('connect-model').value,
  };
}

/** Offers `text` as a download named `fileName`. */
function download(text: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by the time this runs; the address is only needed until then.
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}

/** Checks the step's fields; when they hold, downloads the filled workflow. */
function downloadWorkflow(select: HTMLSelectElement): void {
  const connection = connectionOf(select);
  const result = settingsFor(connection);
  for (const [field, id] of Object.entries(MESSAGE_IDS)) {
    const problem = result.ok ? '' : (result.problems[field as keyof typeof MESSAGE_IDS] ?? '');
    setStatus(byId(id), problem ? 'error' : null, problem);
  }
  const status = byId('workflow-status');
  if (!result.ok) return setStatus(status, 'error', 'Fix the fields marked above first.');
  const { fileName, docsPage } = PLATFORMS[connection.platform];
  download(workflowFileText(filledWorkflow(connection.platform, result.settings)), fileName);
  const baseUrl = result.modelBaseUrl || 'https://api.openai.com/v1';
  setStatus(
    status,
    'ok',
    `${fileName} is downloaded, with your shop and model filled in. Import it into n8n, create its credential "Store assistant model" with your API key and the Base URL ${baseUrl}, activate it (${docsPage} has every step), and enter its webhook's Production URL below.`,
  );
}

/** The step's webhook URL and platform go into the form above, so the preview and the snippet use them. */
function carryIntoForm(select: HTMLSelectElement): void {
  const webhookUrl = inputById('connect-webhook-url').value.trim();
  if (webhookUrl === '') return;
  const formWebhook = inputById('field-webhook-url');
  if (formWebhook.value !== webhookUrl) {
    formWebhook.value = webhookUrl;
    formWebhook.dispatchEvent(new Event('input', { bubbles: true }));
  }
  const commerce = PLATFORMS[platformOf(select)].commerce;
  const formCommerce = byId<HTMLSelectElement>('field-commerce');
  if (commerce && formCommerce.value !== commerce) {
    formCommerce.value = commerce;
    formCommerce.dispatchEvent(new Event('change', { bubbles: true }));
  }
}

/** Calls the webhook once and says what came back. */
async function runCheck(button: HTMLButtonElement): Promise<void> {
  const status = byId('check-status');
  const url = inputById('connect-webhook-url').value.trim();
  if (!/^https?:\/\//i.test(url))
    return setStatus(status, 'error', "Enter the webhook's Production URL first (an https:// address from n8n).");
  button.disabled = true;
  delete status.dataset.verdict;
  setStatus(status, null, 'Asking your store "What do you sell?"…');
  try {
    const result = await checkStoreWebhook(url);
    status.dataset.verdict = result.verdict;
    setStatus(status, LEVELS[result.verdict], result.sentence);
  } finally {
    button.disabled = false;
  }
}

/** Wires the step's fields and buttons. */
export function wireStoreConnect(): void {
  const select = byId<HTMLSelectElement>('connect-platform');
  const showAddressField = () => {
    const field = ADDRESS_FIELD[platformOf(select)];
    byId('connect-address-label').textContent = field.label;
    byId('hint-connect-address').textContent = field.hint;
    carryIntoForm(select);
  };
  select.addEventListener('change', showAddressField);
  showAddressField();
  byId('download-workflow').addEventListener('click', () => downloadWorkflow(select));
  inputById('connect-webhook-url').addEventListener('input', () => carryIntoForm(select));
  const check = byId<HTMLButtonElement>('check-store');
  check.addEventListener('click', () => void runCheck(check));
}
