import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The store workflows of workflows/ as a store owner sets them up: only what their notes say to fill in
// is changed (the Store settings node, Allowed Origins, the store's secret), and their credentials are
// created by name, as the owner creates them in n8n, here with n8n's CLI.

interface WorkflowNode {
  name: string;
  type: string;
  parameters: Record<string, unknown> & { options?: Record<string, unknown> };
  credentials?: Record<string, { id: string; name: string }>;
}

export interface StoreWorkflow {
  name: string;
  nodes: WorkflowNode[];
  [key: string]: unknown;
}

/** A fresh copy of `workflows/<file>`, as the package ships it. */
export function shippedWorkflow(file: string): StoreWorkflow {
  const path = fileURLToPath(new URL(`../../../workflows/${file}`, import.meta.url));
  return JSON.parse(readFileSync(path, 'utf8')) as StoreWorkflow;
}

function named(workflow: StoreWorkflow, name: string): WorkflowNode {
  const node = workflow.nodes.find((candidate) => candidate.name === name);
  if (!node) throw new Error(`${workflow.name} has no node "${name}"`);
  return node;
}

/** The production webhook path of a workflow's Chat webhook. */
export function webhookPath(workflow: StoreWorkflow): string {
  return `/webhook/${String(named(workflow, 'Chat webhook').parameters.path)}`;
}

/**
 * `workflow` filled in for one store: each `settings` field into the Store settings node, the store's
 * origin into Allowed Origins (CORS), and the store's secret (if it checks shoppers) into the signing Crypto node.
 */
export function fillIn(
  workflow: StoreWorkflow,
  fill: { storeOrigin: string; secret?: string; settings: Record<string, string> },
): StoreWorkflow {
  const webhook = named(workflow, 'Chat webhook');
  webhook.parameters.options = { ...webhook.parameters.options, allowedOrigins: fill.storeOrigin };
  if (fill.secret !== undefined) named(workflow, 'Sign shopper id (store secret)').parameters.secret = fill.secret;
  const settings = named(workflow, 'Store settings').parameters.assignments as {
    assignments: { name: string; value: string }[];
  };
  for (const [name, value] of Object.entries(fill.settings)) {
    const field = settings.assignments.find((assignment) => assignment.name === name);
    if (!field) throw new Error(`Store settings has no field "${name}"`);
    field.value = value;
  }
  return workflow;
}

/**
 * The credentials `workflow` names, filled with `data` by credential type, with the id and name the
 * workflow refers to them by (the CLI import keeps both).
 */
export function credentialsFor(workflow: StoreWorkflow, data: Record<string, Record<string, unknown>>): unknown[] {
  const wanted = new Map<string, { id: string; name: string; type: string }>();
  for (const node of workflow.nodes)
    for (const [type, reference] of Object.entries(node.credentials ?? {}))
      wanted.set(reference.id, { ...reference, type });
  return [...wanted.values()].map((credential) => {
    const filled = data[credential.type];
    if (!filled) throw new Error(`no data given for the ${credential.type} credential "${credential.name}"`);
    return { ...credential, data: filled };
  });
}
