import { useId } from 'react';
import { BrandMark } from './brand-mark';
import { useActions, useAssistantState, useStrings } from './context';
import { BubbleCloseButton } from './teaser';

/**
 * Floating mode: the invitation, two or three questions about the page's product beside the closed
 * launcher, where the teaser would be. A tap on one opens the chat and asks it; the close button puts
 * invitations away for `invite-snooze`. Its title is a polite status, read once as it appears; the
 * questions are ordinary buttons, next in the tab order.
 */
export function Invitation() {
  const t = useStrings();
  const titleId = useId();
  const { askInvite, dismissInvite } = useActions();
  // Its texts are in the visitor's language: it waits for that language.
  // A person's unread message beside the launcher comes first: the questions wait until it is put away.
  const questions = useAssistantState((state) =>
    state.isOpen || state.languagePending || state.handoff.preview ? null : state.invite.questions,
  );
  const productName = useAssistantState((state) => state.invite.productName);
  if (!questions) return null;
  const title = productName ? t('inviteTitle', { product: productName }) : t('inviteTitleGeneric');
  return (
    <div className="invite" part="invite" role="group" aria-labelledby={titleId}>
      <div className="invite-head">
        <BrandMark className="avatar" alt="" />
        <p className="invite-title" id={titleId} role="status" dir="auto">
          {title}
        </p>
        <BubbleCloseButton className="invite-close" label={t('inviteClose')} onClick={dismissInvite} />
      </div>
      <ul className="invite-questions">
        {questions.map((question, index) => (
          <li key={question}>
            <button
              type="button"
              className="invite-question"
              part="invite-question"
              dir="auto"
              onClick={() => askInvite(index)}
            >
              {question}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
