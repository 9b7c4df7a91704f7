/** The names of the icons in icons.css. */
export type IconName =
  | 'back'
  | 'send'
  | 'call'
  | 'call-end'
  | 'image'
  | 'new-chat'
  | 'home'
  | 'chats'
  | 'faq'
  | 'launcher'
  | 'close'
  | 'package'
  | 'sparkles'
  | 'chevron'
  | 'agent'
  | 'mic'
  | 'mic-off'
  | 'thumbs-up'
  | 'thumbs-down';

/** A decorative icon; the control around it carries the accessible name. */
export function Icon({ name, small = false }: { name: IconName; small?: boolean }) {
  return <span className={`icon icon-${name}${small ? ' small' : ''}`} aria-hidden="true" />;
}
