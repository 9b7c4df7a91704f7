import { registerPart } from '../../common/parts';
import { createAgUi } from '../ag-ui/ag-ui';
import { aiSdkRequest, aiSdkStream } from '../ai-sdk/ai-sdk';

/** What the agents part brings: how a request is written and its stream read in the AI SDK's and AG-UI's protocols. */
export interface AgentsPart {
  aiSdkRequest: typeof aiSdkRequest;
  aiSdkStream: typeof aiSdkStream;
  createAgUi: typeof createAgUi;
}

/**
 * The agents part: what `store-assistant.agents.js`, the file beside the script, registers when it runs.
 * Only a widget with `protocol="ai-sdk"` or `protocol="ag-ui"` needs it, so the main script leaves it out.
 */
const part: AgentsPart = { aiSdkRequest, aiSdkStream, createAgUi };

registerPart('agents', part);
