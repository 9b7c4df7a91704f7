import { useId, useState, type FormEvent } from 'react';
import type { Agent } from '../../handoff/handoff-state';
import { voiceTarget } from '../../voice/voice-client';
import { useActions, useAssistantState, useStrings } from '../context';

/** A person's picture, or their initial where they have none (or it may not be shown). */
export function AgentAvatar({ agent, className }: { agent: Agent; className: string }) {
  return agent.avatar ? (
    <img className={className} src={agent.avatar} alt="" referrerPolicy="no-referrer" />
  ) : (
    <span className={`${className} agent-initial`} aria-hidden="true">
      {agent.name.slice(0, 1).toUpperCase()}
    </span>
  );
}

/** The name and picture over a person's message: theirs, not the assistant's. */
export function AgentByline({ agent }: { agent: Agent }) {
  return (
    <p className="agent-byline" part="agent-byline" aria-hidden="true">
      <AgentAvatar agent={agent} className="agent-avatar" />
      <span className="agent-name">{agent.name}</span>
    </p>
  );
}

/** The person answering now, while one has joined. */
export function useAnsweringAgent(): { agent: Agent; typing: boolean } | null {
  const agent = useAssistantState((state) => (state.handoff.phase === 'joined' ? state.handoff.agent : null));
  const typing = useAssistantState((state) => state.handoff.typing);
  return agent ? { agent, typing } : null;
}

/**
 * The person is typing: a row of the chat, under their picture, where the next message will appear (the
 * header stays one line). A polite status, read once as it shows.
 */
export function PersonTyping() {
  const t = useStrings();
  const person = useAnsweringAgent();
  if (!person?.typing) return null;
  return (
    <div className="person-typing-row">
      <AgentAvatar agent={person.agent} className="agent-avatar" />
      <div className="typing-indicator person-typing" part="typing-indicator" role="status">
        <span className="sr-only">{t('handoffTyping', { name: person.agent.name })}</span>
        <span aria-hidden="true" />
        <span aria-hidden="true" />
        <span aria-hidden="true" />
      </div>
    </div>
  );
}

/** Whether a person answers or is being waited for: calls, which reach the assistant, are off meanwhile. */
export function useTakenOver(): boolean {
  return useAssistantState((state) => state.handoff.phase === 'connecting' || state.handoff.phase === 'joined');
}

/**
 * After a missed takeover, in the chat under the line saying so: the visitor's email address, checked,
 * sent once; once sent, the form gives way to the thanks, so it cannot be sent again by accident.
 */
export function TakeoverEmailForm() {
  const t = useStrings();
  const actions = useActions();
  const email = useAssistantState((state) => state.handoff.email);
  const [address, setAddress] = useState('');
  const [invalid, setInvalid] = useState(false);
  const id = useId();
  if (email === 'sent')
    return (
      <p className="takeover-note takeover-email-sent" role="status">
        {t('handoffEmailSent')}
      </p>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setInvalid(!actions.leaveEmail(address));
  };
  return (
    <form className="takeover-email" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-email`}>{t('handoffEmailPrompt')}</label>
      <div className="takeover-email-row">
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          aria-label={t('handoffEmailLabel')}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid || email === 'failed' ? `${id}-problem` : undefined}
          placeholder={t('handoffEmailLabel')}
          value={address}
          maxLength={254}
          onChange={(event) => setAddress(event.target.value)}
        />
        {/* Named apart from the composer's Send, which shows at the same time. */}
        <button
          type="submit"
          className="pill-button"
          disabled={email === 'sending'}
          aria-label={t('handoffEmailSendLabel')}
        >
          {t('handoffEmailSend')}
        </button>
      </div>
      {(invalid || email === 'failed') && (
        <p id={`${id}-problem`} className="takeover-problem" role="alert">
          {t(invalid ? 'handoffEmailInvalid' : 'handoffEmailFailed')}
        </p>
      )}
      {/* No address to leave: the visitor keeps chatting with the assistant instead. */}
      <button type="button" className="takeover-way-out" onClick={actions.cancelHandoff}>
        {t('handoffEnd')}
      </button>
    </form>
  );
}

/**
 * Where a takeover stands, above the messages: the wait for a person with Cancel, or who is answering
 * with a way back to the assistant.
 */
export function TakeoverBar() {
  const t = useStrings();
  const actions = useActions();
  const phase = useAssistantState((state) => state.handoff.phase);
  const agentName = useAssistantState((state) => state.handoff.agent?.name ?? '');
  const voiceConfigured = useAssistantState((state) => voiceTarget(state.config.voice) !== null);
  if (phase === 'none') return null;
  // A missed takeover is told in the chat, with the email form there: no bar stays above it.
  if (phase === 'missed') return null;
  return (
    <section className={`takeover ${phase}`} part="takeover" aria-label={t('talkToHuman')}>
      <div className="takeover-row">
        <p className="takeover-state" role="status">
          {phase === 'connecting' && <span className="takeover-spinner" aria-hidden="true" />}
          {phase === 'connecting' ? t('handoffConnecting') : t('handoffChattingWith', { name: agentName })}
        </p>
        <button type="button" className="takeover-cancel" onClick={actions.cancelHandoff}>
          {t(phase === 'connecting' ? 'handoffCancel' : 'handoffEnd')}
        </button>
      </div>
      {voiceConfigured && <p className="takeover-note">{t('handoffVoiceOff')}</p>}
    </section>
  );
}
