import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { isHttpUrl } from '@gw/contracts';

/** Dialog field rules with the console's messages (the contract schema checks the entry again on OK). */
export function textRules(t: TFunction<'settings'>, max: number, required = true): Rule[] {
  const rules: Rule[] = [{ max, message: t('consoleContent.tooLong', { max }) }];
  if (required) rules.unshift({ required: true, whitespace: true, message: t('validation.required') });
  return rules;
}

export function urlRules(t: TFunction<'settings'>): Rule[] {
  return [
    ...textRules(t, 500),
    { validator: (_r, value: string | undefined) => (!value || isHttpUrl(value.trim()) ? Promise.resolve() : Promise.reject(new Error(t('consoleContent.badUrl')))) },
  ];
}
