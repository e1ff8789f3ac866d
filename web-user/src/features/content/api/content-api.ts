import { useTranslation } from 'react-i18next';
import { http } from '../../../api/http-client';
import { contentLanguage } from '../../../i18n/languages';
import { useApi } from '../../../shared/useApi';

export interface Notice {
  id: number | string;
  lang: string;
  title?: string;
  content: string;
  publishedAt?: string;
}
export interface ContentItem {
  id: number | string;
  title: string;
  /** 1 company, 2 policy, 3 other/footer. */
  type: number;
  /** Where the item belongs: the footer lists or the help centre. */
  section?: string;
}

/** Items of the footer lists (items without a section are footer items). */
export const inFooter = (c: ContentItem) => !c.section || c.section === 'footer';
/** FAQ entries: the help centre's items of type 3 (without sections: every type 3 item). */
export const inFaq = (c: ContentItem) => Number(c.type) === 3 && (!c.section || c.section === 'help');
export interface ContentDetail extends ContentItem {
  content?: string;
  body?: string;
}

export function useNotices() {
  const { i18n } = useTranslation();
  return useApi((signal) => http.get<Notice[]>('index/listnotify', undefined, signal), [i18n.language]);
}

export function useContents() {
  const { i18n } = useTranslation();
  const lang = contentLanguage(i18n.language);
  return useApi((signal) => http.get<ContentItem[]>(`index/listContents/${lang}`, undefined, signal), [lang]);
}

export function useContent(id: string | null) {
  return useApi(
    (signal) => http.get<ContentDetail>(`index/getContentsById/${id}`, undefined, signal),
    [id],
    Boolean(id),
  );
}

export function useParam(key: string) {
  return useApi(
    (signal) => http.get<{ paramValue: string }>(`index/getParamByKey/${key}`, undefined, signal),
    [key],
  );
}
