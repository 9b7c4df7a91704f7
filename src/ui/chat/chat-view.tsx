import { useRef } from 'react';
import { CallBar } from './call-bar';
import { CartStrip } from './cart-strip';
import { ChatHeader } from './chat-header';
import { InputBar } from './input-bar';
import { MessageList } from './message-list';
import { NoticeBar } from './notice-bar';
import { TakeoverBar } from './takeover';
import { VoiceConsent } from './voice-consent';

/** The conversation: header, the call strip during a call, a takeover's state, messages, the cart strip, any notice, and the input bar. */
export function ChatView() {
  // Set when focus should pass between the input bar's call button and the call strip's end button.
  const callFocus = useRef(false);
  return (
    <div className="chat" part="chat">
      <ChatHeader />
      <CallBar callFocus={callFocus} />
      <TakeoverBar />
      <MessageList />
      <CartStrip />
      <VoiceConsent />
      <NoticeBar />
      <InputBar callFocus={callFocus} />
    </div>
  );
}
