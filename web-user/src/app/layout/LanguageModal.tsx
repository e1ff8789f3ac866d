import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../i18n/languages';
import { Modal } from '../../shared/ui/Modal';

/** The language picker: a modal listing the eleven languages. */
export function LanguageModal({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Modal title={t('language.title')} onClose={onClose}>
      <ul className="lang-list" data-testid="language-list">
        {LANGUAGES.map((l) => (
          <li key={l.code}>
            <button
              type="button"
              lang={l.code === 'hk' ? 'zh-HK' : l.code === 'zh' ? 'zh-CN' : l.code}
              className={`lang-item${i18n.language === l.code ? ' active' : ''}`}
              data-lang={l.code}
              onClick={() => {
                void i18n.changeLanguage(l.code);
                onClose();
              }}
            >
              {l.name}
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
