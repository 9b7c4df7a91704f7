import type { View } from '../app/state';
import type { StringKey } from '../i18n/strings';
import { useActions, useAssistantState, useStrings } from './context';
import { Icon, type IconName } from './icon';

const SECTIONS: { view: View; label: StringKey; icon: IconName }[] = [
  { view: 'home', label: 'navHome', icon: 'home' },
  { view: 'chats', label: 'navChats', icon: 'chats' },
  { view: 'faq', label: 'navFaq', icon: 'faq' },
];

/** The bottom bar: Home / Chats / FAQ. */
export function BottomNav() {
  const t = useStrings();
  const view = useAssistantState((state) => state.view);
  const { navigate } = useActions();
  return (
    <nav className="bottom-nav" part="navigation" aria-label={t('navigation')}>
      {SECTIONS.map((section) => (
        <button
          key={section.view}
          type="button"
          aria-current={view === section.view ? 'page' : undefined}
          onClick={() => navigate(section.view)}
        >
          <Icon name={section.icon} />
          {t(section.label)}
        </button>
      ))}
    </nav>
  );
}
