import { CallBar } from './call-bar';
import { CartStrip } from './cart-strip';
import { ChatHeader } from './chat-header';
import { InputBar } from './input-bar';
import { MessageList } from './message-list';
import { NoticeBar } from './notice-bar';
import { VoiceConsent } from './voice-consent';

/** The conversation: header, the call strip during a call, messages, the cart strip, any notice, and the input bar. */
export function ChatView() {
  return (
    <div className="chat" part="chat">
      <ChatHeader />
      <CallBar />
      <MessageList />
      <CartStrip />
      <VoiceConsent />
      <NoticeBar />
      <InputBar />
    </div>
  );
}
