// The "Connect your store" step's workflow file (demo/configurator/store-workflow.ts): the repository's
// workflows/*.json with only the Store settings fields the owner filled in changed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  filledWorkflow,
  modelBaseUrl,
  PLATFORMS,
  settingsFor,
  storeAddress,
  workflowFileText,
  type StorePlatform,
} from '../../demo/configurator/store-workflow';

const FOLDER = path.resolve(__dirname, '../../workflows');

function shipped(file: string): unknown {
  return JSON.parse(readFileSync(path.join(FOLDER, file), 'utf8'));
}

/** Every leaf of `value` by its path, so two workflows can be compared field by field. */
function leaves(value: unknown, path = '', into = new Map<string, unknown>()): Map<string, unknown> {
  if (value !== null && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) leaves(child, `${path}/${key}`, into);
  else into.set(path, value);
  return into;
}

function changedPaths(before: unknown, after: unknown): Record<string, unknown> {
  const old = leaves(before);
  const changed: Record<string, unknown> = {};
  for (const [path, value] of leaves(after)) if (old.get(path) !== value) changed[path] = value;
  for (const path of old.keys()) if (!leaves(after).has(path)) changed[path] = '(removed)';
  return changed;
}

/** The path of Store settings' field `name` in `workflow`. */
function settingsPath(workflow: unknown, name: string): string {
  const nodes = (
    workflow as { nodes: { name: string; parameters: { assignments?: { assignments: { name: string }[] } } }[] }
  ).nodes;
  const node = nodes.findIndex((candidate) => candidate.name === 'Store settings');
  const field = nodes[node]?.parameters.assignments?.assignments.findIndex((assignment) => assignment.name === name);
  return `/nodes/${node}/parameters/assignments/assignments/${field}/value`;
}

describe('the workflow file of Connect your store', () => {
  it.each([
    ['shopify', 'harbor-goods.myshopify.com', 'shopUrl', 'https://harbor-goods.myshopify.com'],
    ['woocommerce', 'https://oak.example/', 'storeUrl', 'https://oak.example'],
    ['any-store', 'https://walnut.example/api/search.json', 'searchUrl', 'https://walnut.example/api/search.json'],
  ] as const)('%s: the shipped file with only the shop and the model changed', (platform, typed, field, value) => {
    const result = settingsFor({
      platform,
      address: typed,
      modelBaseUrl: 'https://models.example/v1/',
      model: ' harbor-chat-1 ',
    });
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    const original = shipped(PLATFORMS[platform].fileName);
    const filled = JSON.parse(workflowFileText(filledWorkflow(platform, result.settings))) as unknown;
    expect(changedPaths(original, filled)).toEqual({
      [settingsPath(original, field)]: value,
      [settingsPath(original, 'model')]: 'harbor-chat-1',
    });
    // The base URL is the credential's: checked and given back for the owner to enter there.
    expect(result.modelBaseUrl).toBe('https://models.example/v1');
  });

  it('leaves the original untouched for the next download', () => {
    const before = JSON.stringify(PLATFORMS.shopify.workflow);
    filledWorkflow('shopify', { shopUrl: 'https://a.example' });
    expect(JSON.stringify(PLATFORMS.shopify.workflow)).toBe(before);
  });

  it.each([
    ['shopify', '', "Enter your shop's domain, such as your-shop.myshopify.com."],
    ['woocommerce', 'not a domain', "Enter your shop's domain, such as shop.example.com."],
    ['woocommerce', 'ftp://oak.example', "Enter your shop's domain, such as shop.example.com."],
    [
      'any-store',
      'https://walnut.example/search?q=x',
      'Enter your search URL, such as https://shop.example.com/search.json (without ?q=).',
    ],
  ] as [StorePlatform, string, string][])('%s refuses %j with a plain message', (platform, typed, problem) => {
    expect(storeAddress(platform, typed)).toEqual({ ok: false, problem });
  });

  it('says which fields need fixing, and fills nothing then', () => {
    const result = settingsFor({ platform: 'shopify', address: 'x y', modelBaseUrl: 'nope nope', model: ' ' });
    expect(result).toEqual({
      ok: false,
      problems: {
        address: "Enter your shop's domain, such as your-shop.myshopify.com.",
        modelBaseUrl: "Enter the provider's base URL, such as https://api.openai.com/v1.",
        model: "Enter the model's name, such as gpt-4.1-mini.",
      },
    });
  });

  it("keeps an empty base URL empty: OpenAI's, the credential's default", () => {
    expect(modelBaseUrl('  ')).toEqual({ ok: true, value: '' });
  });
});
