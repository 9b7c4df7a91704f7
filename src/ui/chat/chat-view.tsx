import { CallBar } from './call-bar';
import { ChatHeader } from './chat-header';
import { InputBar } from './input-bar';
import { MessageList } from './message-list';
import { NoticeBar } from './notice-bar';
import { VoiceConsent } from './voice-consent';

/** The conversation: header, the call strip during a call, messages, any notice, and the input bar. */
export function ChatView() {
  return (
    <div className="chat" part="chat">
      <ChatHeader />
      <CallBar />
      <MessageList />
      <VoiceConsent />
      <NoticeBar />
      <InputBar />
    </div>
  );
}
