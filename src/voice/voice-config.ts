/** The voice connection settings. A call needs a public key and one of assistant, squad or workflow. */
export interface VoiceConfig {
  /** `vapi` places real calls; `demo` plays a scripted call with no network or microphone. */
  provider: 'vapi' | 'demo';
  publicKey: string | null;
  assistantId: string | null;
  squadId: string | null;
  workflowId: string | null;
  /** Base URL of the voice API, for stores that proxy it. */
  apiUrl: string | null;
  /** The store's own `assistantOverrides` (first message, voice, variables), under what the widget sets. */
  assistantOverrides?: Record<string, unknown> | null;
  /** Text the visitor agrees to before the first call (recording consent); none means no gate. */
  consent?: string | null;
}
