/**
 * The "Connect your store" step's workflow file: one of workflows/*.json, as the package ships it, with
 * what the owner typed written into its Store settings node (the shop's address and the model's name),
 * and nothing else changed. The model's base URL is the model credential's: n8n's OpenAI Chat Model node
 * (version 1.2) reads it from there only, and credentials never travel in a workflow file, so the step
 * checks it and says where to enter it. Pure: the page wires it (store-connect.ts).
 */
import anyStoreWorkflow from '../../workflows/any-store.json';
import shopifyWorkflow from '../../workflows/shopify.json';
import woocommerceWorkflow from '../../workflows/woocommerce.json';

/** The platforms the step offers, each with a workflow of workflows/. */
export type StorePlatform = 'shopify' | 'woocommerce' | 'any-store';

interface PlatformFacts {
  /** The shipped workflow, parsed. */
  workflow: unknown;
  /** The file name it downloads under (the shipped file's own). */
  fileName: string;
  /** The Store settings field that holds the store's address. */
  addressField: 'shopUrl' | 'storeUrl' | 'searchUrl';
  /** The widget's `commerce` value for this platform's cart; null leaves the form's choice. */
  commerce: 'shopify' | 'woocommerce' | null;
  /** The docs page that takes the owner through the rest. */
  docsPage: string;
}

export const PLATFORMS: Readonly<Record<StorePlatform, PlatformFacts>> = {
  shopify: {
    workflow: shopifyWorkflow,
    fileName: 'shopify.json',
    addressField: 'shopUrl',
    commerce: 'shopify',
    docsPage: 'docs/shopify.md',
  },
  woocommerce: {
    workflow: woocommerceWorkflow,
    fileName: 'woocommerce.json',
    addressField: 'storeUrl',
    commerce: 'woocommerce',
    docsPage: 'docs/woocommerce.md',
  },
  'any-store': {
    workflow: anyStoreWorkflow,
    fileName: 'any-store.json',
    addressField: 'searchUrl',
    commerce: null,
    docsPage: 'docs/any-store.md',
  },
};

export function isStorePlatform(value: string): value is StorePlatform {
  return Object.hasOwn(PLATFORMS, value);
}

/** What the owner typed into the step. */
export interface StoreConnection {
  platform: StorePlatform;
  /** The shop's domain (`your-shop.myshopify.com`) or address; for any other store, its search URL. */
  address: string;
  /** The model's OpenAI-compatible base URL, for the model credential; empty means OpenAI's. */
  modelBaseUrl: string;
  model: string;
}

/** A value for a Store settings field, or why what was typed cannot be one. */
export type Checked = { ok: true; value: string } | { ok: false; problem: string };

/** `text` as an http(s) URL, with `https://` put in front of a bare domain; null when it is none. */
function httpUrl(text: string): URL | null {
  const trimmed = text.trim();
  if (trimmed === '' || /\s/.test(trimmed)) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' ? url : null;
  } catch {
    return null;
  }
}

/** The store's address as its Store settings field holds it: the shop's origin, or the whole search URL. */
export function storeAddress(platform: StorePlatform, text: string): Checked {
  const url = httpUrl(text);
  if (platform === 'any-store') {
    if (!url || url.search !== '' || url.hash !== '')
      return {
        ok: false,
        problem: 'Enter your search URL, such as https://shop.example.com/search.json (without ?q=).',
      };
    return { ok: true, value: url.href };
  }
  const example = platform === 'shopify' ? 'your-shop.myshopify.com' : 'shop.example.com';
  if (!url || url.username !== '' || url.password !== '')
    return { ok: false, problem: `Enter your shop's domain, such as ${example}.` };
  // The workflow adds its own paths (/api/ucp/mcp, /wp-json/…) to the shop's address.
  return { ok: true, value: url.origin };
}

/** The model's base URL as the credential takes it (no trailing slash); empty stays empty (OpenAI's). */
export function modelBaseUrl(text: string): Checked {
  if (text.trim() === '') return { ok: true, value: '' };
  const url = httpUrl(text);
  if (!url || url.search !== '' || url.hash !== '')
    return { ok: false, problem: "Enter the provider's base URL, such as https://api.openai.com/v1." };
  return { ok: true, value: url.href.replace(/\/+$/, '') };
}

/** The model's name: required, as the provider spells it. */
export function modelName(text: string): Checked {
  const name = text.trim();
  if (name === '') return { ok: false, problem: "Enter the model's name, such as gpt-4.1-mini." };
  if (name.length > 200) return { ok: false, problem: "That is too long for a model's name." };
  return { ok: true, value: name };
}

interface SettingsNode {
  name: string;
  parameters: { assignments: { assignments: { name: string; value: unknown }[] } };
}

/**
 * The Store settings fields the step fills, with their values, and the base URL for the model credential;
 * or the problems by field.
 */
export function settingsFor(
  connection: StoreConnection,
):
  | { ok: true; settings: Record<string, string>; modelBaseUrl: string }
  | { ok: false; problems: Partial<Record<keyof StoreConnection, string>> } {
  const checks = {
    address: storeAddress(connection.platform, connection.address),
    modelBaseUrl: modelBaseUrl(connection.modelBaseUrl),
    model: modelName(connection.model),
  };
  const problems: Partial<Record<keyof StoreConnection, string>> = {};
  for (const [field, check] of Object.entries(checks))
    if (!check.ok) problems[field as keyof StoreConnection] = check.problem;
  if (!checks.address.ok || !checks.modelBaseUrl.ok || !checks.model.ok) return { ok: false, problems };
  return {
    ok: true,
    settings: {
      [PLATFORMS[connection.platform].addressField]: checks.address.value,
      model: checks.model.value,
    },
    modelBaseUrl: checks.modelBaseUrl.value,
  };
}

/**
 * A fresh copy of `platform`'s shipped workflow with `settings` written into its Store settings node.
 * Throws when the workflow lacks the node or a field: the shipped file and this step disagree.
 */
export function filledWorkflow(platform: StorePlatform, settings: Record<string, string>): unknown {
  const workflow = structuredClone(PLATFORMS[platform].workflow) as { nodes: SettingsNode[] };
  const node = workflow.nodes.find((candidate) => candidate.name === 'Store settings');
  if (!node) throw new Error(`${PLATFORMS[platform].fileName} has no Store settings node`);
  for (const [name, value] of Object.entries(settings)) {
    const field = node.parameters.assignments.assignments.find((assignment) => assignment.name === name);
    if (!field) throw new Error(`${PLATFORMS[platform].fileName}'s Store settings has no field "${name}"`);
    field.value = value;
  }
  return workflow;
}

/** The workflow file's text: two-space JSON, as the repository writes it, ending in a line break. */
export function workflowFileText(workflow: unknown): string {
  return `${JSON.stringify(workflow, null, 2)}\n`;
}
