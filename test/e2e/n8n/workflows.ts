import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The workflows the suite imports into n8n: demo/n8n-workflow.json exactly as store owners get it,
// with only what its notes tell them to change changed.

const DEMO_WORKFLOW = fileURLToPath(new URL('../../../demo/n8n-workflow.json', import.meta.url));

/** The production webhook paths the imported workflows answer on. */
export const WEBHOOK_PATH = '/webhook/store-assistant';
export const STREAMING_WEBHOOK_PATH = '/webhook/store-assistant-stream';

interface WorkflowNode {
  id: string;
  name: string;
  type: string;
  typeVersion: number;
  webhookId?: string;
  parameters: Record<string, unknown> & { options?: Record<string, unknown> };
}

interface Workflow {
  name: string;
  nodes: WorkflowNode[];
  [key: string]: unknown;
}

/** A fresh copy of the demo workflow, as the file stands. */
export function demoWorkflow(): Workflow {
  return JSON.parse(readFileSync(DEMO_WORKFLOW, 'utf8')) as Workflow;
}

function nodeOfType(workflow: Workflow, type: string): WorkflowNode {
  const node = workflow.nodes.find((candidate) => candidate.type === type);
  if (!node) throw new Error(`the workflow has no ${type} node`);
  return node;
}

/**
 * The demo workflow set up for one store, as its sticky note says: Allowed Origins (CORS) names the
 * store's origin instead of `*`.
 */
export function workflowForStore(storeOrigin: string): Workflow {
  const workflow = demoWorkflow();
  const webhook = nodeOfType(workflow, 'n8n-nodes-base.webhook');
  webhook.parameters.options = { ...webhook.parameters.options, allowedOrigins: storeOrigin };
  return workflow;
}

/**
 * The same workflow answering in n8n's streaming mode: the Webhook node's Respond option set to
 * "Streaming", and the Respond to Webhook node at version 1.5, the first that writes to a stream. It is
 * imported beside the first one, so it gets its own path, webhook id and node ids.
 */
export function streamingWorkflowForStore(storeOrigin: string): Workflow {
  const workflow = workflowForStore(storeOrigin);
  workflow.name = `${workflow.name} (streaming)`;
  for (const node of workflow.nodes) node.id = randomUUID();
  const webhook = nodeOfType(workflow, 'n8n-nodes-base.webhook');
  webhook.parameters.path = STREAMING_WEBHOOK_PATH.replace('/webhook/', '');
  webhook.parameters.responseMode = 'streaming';
  webhook.typeVersion = 2.1;
  webhook.webhookId = randomUUID();
  nodeOfType(workflow, 'n8n-nodes-base.respondToWebhook').typeVersion = 1.5;
  return workflow;
}
