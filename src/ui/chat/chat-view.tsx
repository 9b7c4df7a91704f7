import { useRef } from 'react';
import { CallBar } from './call-bar';
import { ChatHeader } from './chat-header';
import { InputBar } from './input-bar';
import { MessageList } from './message-list';
import { NoticeBar } from './notice-bar';

/** The conversation: header, the call strip during a call, messages, any notice, and the input bar. */
export function ChatView() {
  // Set when focus should pass between the input bar's call button and the call strip's end button.
  const callFocus = useRef(false);
  return (
    <div className="chat" part="chat">
      <ChatHeader />
      <CallBar callFocus={callFocus} />
      <MessageList />
      <NoticeBar />
      <InputBar callFocus={callFocus} />
    </div>
  );
}
