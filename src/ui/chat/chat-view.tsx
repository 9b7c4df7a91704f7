import { ChatHeader } from './chat-header';
import { InputBar } from './input-bar';
import { MessageList } from './message-list';
import { NoticeBar } from './notice-bar';

/** The conversation: header, messages, any notice, and the input bar. */
export function ChatView() {
  return (
    <div className="chat" part="chat">
      <ChatHeader />
      <MessageList />
      <NoticeBar />
      <InputBar />
    </div>
  );
}
