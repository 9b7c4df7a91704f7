import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The takeover workflows of workflows/ (a person answers from the store's Telegram, Slack or Chatwoot),
// set up as their notes tell a store to: Allowed Origins (CORS) naming the store's origin, the Settings
// node's values, and the credential the store made. Nothing else changes.

interface DeskNode {
  id: string;
  name: string;
  type: string;
  webhookId?: string;
  parameters: Record<string, unknown> & { options?: Record<string, unknown> };
  credentials?: Record<string, { id: string; name: string }>;
}

export interface DeskWorkflow {
  name: string;
  nodes: DeskNode[];
  [key: string]: unknown;
}

const CHAT_TRIGGER = '@n8n/n8n-nodes-langchain.chatTrigger';

/** The workflow file `workflows/<file>`, as a store downloads it. */
export function readDeskWorkflow(file: string): DeskWorkflow {
  const url = new URL(`../../../workflows/${file}`, import.meta.url);
  return JSON.parse(readFileSync(fileURLToPath(url), 'utf8')) as DeskWorkflow;
}

function nodeNamed(workflow: DeskWorkflow, name: string): DeskNode {
  const node = workflow.nodes.find((candidate) => candidate.name === name);
  if (!node) throw new Error(`the workflow has no node named ${name}`);
  return node;
}

/** The Chat URL of the workflow's Chat Trigger: `/webhook/<its webhook id>/chat`. */
function deskChatPath(workflow: DeskWorkflow): string {
  const trigger = workflow.nodes.find((node) => node.type === CHAT_TRIGGER);
  return `/webhook/${trigger?.webhookId ?? ''}/chat`;
}

/**
 * The store's page with the widget on `workflow`'s chat, as the desk's page in docs pastes it: n8n's chat
 * socket at the Chat Trigger's URL on `webhooks`, and the desk's pictures of its people allowed from
 * `imageHost`.
 */
function deskStorePage(webhooks: string, workflow: DeskWorkflow, imageHost?: string) {
  return {
    webhookUrl: `${webhooks}${deskChatPath(workflow)}`,
    attributes: { protocol: 'n8n-chat', ...(imageHost ? { 'image-hosts': imageHost } : {}) },
  };
}

/**
 * What a desk suite asks n8n and the store for: each copy of the workflow (by the page path it is pasted
 * on, `open` for `/open`), its store page, the credentials the copies name, and the Chat URLs that must
 * answer before the tests start.
 */
export function deskSuitePlan(
  webhooks: string,
  copies: Record<string, DeskWorkflow>,
  credentials: ImportedCredential[],
  imageHost?: string,
) {
  const entries = Object.entries(copies);
  return {
    pages: Object.fromEntries(
      entries.map(([path, workflow]) => [`/${path}`, deskStorePage(webhooks, workflow, imageHost)]),
    ),
    workflows: entries.map(([, workflow]) => workflow),
    credentials,
    readyPaths: entries.map(([, workflow]) => deskChatPath(workflow)),
  };
}

/** A credential as n8n's `import:credentials` reads it: `data` in plain JSON is encrypted on import. */
export interface ImportedCredential {
  id: string;
  name: string;
  type: string;
  data: Record<string, string>;
}

/**
 * `workflows/<file>` set up for one store: CORS for `storeOrigin`, the Settings node's `settings`, and
 * every node using a credential of `credential.type` given that credential. With `copy`, it is a second
 * copy beside the first (another store of the same n8n): its own name, node ids and webhook ids.
 */
export function deskWorkflowForStore(options: {
  file: string;
  storeOrigin: string;
  settings: Record<string, string | number | boolean>;
  credential: ImportedCredential;
  copy?: string;
}): DeskWorkflow {
  const workflow = readDeskWorkflow(options.file);
  const trigger = workflow.nodes.find((node) => node.type === CHAT_TRIGGER);
  if (!trigger) throw new Error(`${options.file} has no Chat Trigger`);
  trigger.parameters.options = { ...trigger.parameters.options, allowedOrigins: options.storeOrigin };
  const settings = nodeNamed(workflow, 'Settings').parameters.assignments as {
    assignments: { name: string; value: unknown }[];
  };
  for (const [name, value] of Object.entries(options.settings)) {
    const assignment = settings.assignments.find((candidate) => candidate.name === name);
    if (!assignment) throw new Error(`Settings has no ${name}`);
    assignment.value = value;
  }
  for (const node of workflow.nodes) {
    if (node.credentials?.[options.credential.type])
      node.credentials[options.credential.type] = { id: options.credential.id, name: options.credential.name };
  }
  if (options.copy) {
    workflow.name = `${workflow.name} (${options.copy})`;
    for (const node of workflow.nodes) {
      node.id = randomUUID();
      if (node.webhookId) node.webhookId = randomUUID();
      // A Webhook node's path is the store's own: two workflows cannot answer on one.
      if (node.type === 'n8n-nodes-base.webhook') node.parameters.path = node.webhookId;
    }
  }
  return workflow;
}
