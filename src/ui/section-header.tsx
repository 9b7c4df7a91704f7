import { CloseCardButton } from './close-card-button';

/** The brand header of the Chats and FAQ sections: their title and, in floating mode, close. */
export function SectionHeader({ title }: { title: string }) {
  return (
    <header className="section-header bar on-primary" part="header">
      <h2>{title}</h2>
      <CloseCardButton />
    </header>
  );
}
