import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { SubmitButton } from '../../../components/ProgressLabel';
import { LIMITS } from '../../../../contract/limits';
import { countGraphemes } from '../../../../contract/validation';
import { t } from '../../../i18n/i18n';
import { useT } from '../../../i18n/useT';
import type { NetworkRule } from '../../../types/api';
import { notifySuccess } from '../../ui/notify';
import { useGetRulesQuery, useSaveRulesMutation } from '../moderationApi';
import '../../../components/SettingsSection.css';

/** A rule as the form holds it: `key` names it on the page, `id` the backend's rule it edits (none: new). */
export interface RuleDraft {
  key: string;
  id?: string;
  title: string;
  description: string;
}

type RuleProblems = Partial<Record<'title' | 'description', string>>;

let nextKey = 0;
const newKey = (): string => `rule-${(nextKey += 1)}`;

function draftsOf(rules: readonly NetworkRule[]): RuleDraft[] {
  return rules.map(({ id, title, description }) => ({ key: newKey(), id, title, description }));
}

/**
 * What is wrong with each draft, by its key, as the backends' rules say it (trimmed, a title of 1 to
 * LIMITS.ruleTitleMax characters, a description up to LIMITS.ruleDescriptionMax): empty when all may go.
 */
export function ruleProblems(drafts: readonly RuleDraft[]): Record<string, RuleProblems> {
  const problems: Record<string, RuleProblems> = {};
  for (const draft of drafts) {
    const title = countGraphemes(draft.title.replace(/\s+/gu, ' ').trim());
    const found: RuleProblems = {
      ...(title < 1 || title > LIMITS.ruleTitleMax ? { title: t('refusal.ruleTitleInvalid', { min: 1, max: LIMITS.ruleTitleMax }) } : {}),
      ...(countGraphemes(draft.description.trim()) > LIMITS.ruleDescriptionMax ? { description: t('refusal.ruleDescriptionTooLong', { max: LIMITS.ruleDescriptionMax }) } : {}),
    };
    if (found.title || found.description) problems[draft.key] = found;
  }
  return problems;
}

/**
 * The network's rules, as an admin edits them: each a title and a description, added, removed and
 * moved by buttons (a polite announcement says where one went), then saved at once. What is wrong
 * is said under its field before anything is sent; a refusal keeps everything typed.
 */
export function RulesEditor() {
  const say = useT();
  const aboutId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { data, isLoading, isError } = useGetRulesQuery();
  const [save, { isLoading: saving }] = useSaveRulesMutation();
  // The member's drafts; until they change one, the rules as kept.
  const [drafts, setDrafts] = useState<RuleDraft[]>();
  const [problems, setProblems] = useState<Record<string, RuleProblems>>({});
  const [moved, setMoved] = useState('');
  const [checked, setChecked] = useState(0);
  const [focusKey, setFocusKey] = useState<string>();

  // After a check that found a problem, the first field at fault takes the focus.
  useEffect(() => {
    if (checked > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [checked]);
  // A rule just added: its title takes the focus.
  useEffect(() => {
    if (focusKey) formRef.current?.querySelector<HTMLElement>(`[data-rule="${focusKey}"] input`)?.focus();
  }, [focusKey]);

  if (isLoading) return <p className="feed-page__status">{say('moderation.rulesLoading')}</p>;
  if (isError && !data) return <p className="feed-page__status" role="status">{say('failure.generic')}</p>;
  const shown = drafts ?? draftsOf(data?.rules ?? []);

  const change = (next: RuleDraft[]) => setDrafts(next);
  const edit = (key: string, field: 'title' | 'description', value: string) => {
    change(shown.map((draft) => (draft.key === key ? { ...draft, [field]: value } : draft)));
    setProblems(({ [key]: fixed, ...others }) => {
      if (!fixed) return others;
      const { [field]: _gone, ...rest } = fixed;
      return Object.keys(rest).length > 0 ? { ...others, [key]: rest } : others;
    });
  };
  const move = (from: number, to: number) => {
    const next = [...shown];
    const [draft] = next.splice(from, 1);
    if (!draft) return;
    next.splice(to, 0, draft);
    change(next);
    setMoved(t('moderation.moved', { from: from + 1, to: to + 1 }));
    // The button pressed may be gone at the list's end: the focus follows the rule to its new place.
    requestAnimationFrame(() => {
      const buttons = formRef.current?.querySelectorAll<HTMLButtonElement>(`[data-rule="${draft.key}"] .rules-editor__move`);
      const same = to < from ? buttons?.[0] : buttons?.[1];
      (same && !same.disabled ? same : formRef.current?.querySelector<HTMLElement>(`[data-rule="${draft.key}"] input`))?.focus();
    });
  };
  const remove = (index: number) => {
    const next = shown.filter((_, at) => at !== index);
    change(next);
    const after = next[Math.min(index, next.length - 1)];
    requestAnimationFrame(() => {
      const target = after ? formRef.current?.querySelector<HTMLElement>(`[data-rule="${after.key}"] input`) : formRef.current?.querySelector<HTMLElement>('.rules-editor__add');
      target?.focus();
    });
  };
  const add = () => {
    if (shown.length >= LIMITS.rulesMax) return;
    const draft = { key: newKey(), title: '', description: '' };
    change([...shown, draft]);
    setFocusKey(draft.key);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const found = ruleProblems(shown);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      setChecked((count) => count + 1);
      return;
    }
    try {
      const answer = await save({ rules: shown.map(({ id, title, description }) => ({ ...(id ? { id } : {}), title, description })) }).unwrap();
      setDrafts(draftsOf(answer.rules));
      notifySuccess(t('moderation.rulesSaved'));
    } catch {
      // The app's listener said why; every draft stays as typed.
    }
  };

  return (
    <form ref={formRef} className="rules-editor" noValidate aria-describedby={aboutId} aria-busy={saving} onSubmit={(event) => void onSubmit(event)}>
      <p id={aboutId} className="settings-note">{say('moderation.rulesAbout', { max: LIMITS.rulesMax })}</p>
      {shown.length === 0 ? <p className="feed-page__status">{say('moderation.noRules')}</p> : null}
      <ol className="rules-editor__list">
        {shown.map((draft, index) => (
          <RuleFields
            key={draft.key}
            draft={draft}
            position={index + 1}
            count={shown.length}
            problems={problems[draft.key]}
            onEdit={(field, value) => edit(draft.key, field, value)}
            onMove={(by) => move(index, index + by)}
            onRemove={() => remove(index)}
          />
        ))}
      </ol>
      <p className="visually-hidden" role="status">{moved}</p>
      <div className="rules-editor__actions">
        <button type="button" className="button button--secondary rules-editor__add" disabled={shown.length >= LIMITS.rulesMax} onClick={add}>
          {say('moderation.addRule')}
        </button>
        <SubmitButton className="button button--primary" formSaysBusy pending={saving} idle={say('moderation.saveRules')} busy={say('moderation.savingRules')} />
      </div>
    </form>
  );
}

interface RuleFieldsProps {
  draft: RuleDraft;
  position: number;
  count: number;
  problems: RuleProblems | undefined;
  onEdit: (field: 'title' | 'description', value: string) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/** One rule's fields and its buttons, each named with the rule's place ("Move rule 2 up"). */
function RuleFields({ draft, position, count, problems, onEdit, onMove, onRemove }: RuleFieldsProps) {
  const say = useT();
  const id = useId();
  const headingId = `${id}-heading`;
  const titleNote = `${id}-title-note`;
  const descriptionNote = `${id}-description-note`;
  const descriptionLength = countGraphemes(draft.description.trim());
  return (
    <li className="rules-editor__rule" data-rule={draft.key} aria-labelledby={headingId}>
      <h3 id={headingId} className="rules-editor__heading">{say('moderation.rule', { position })}</h3>
      <label className="rules-editor__label" htmlFor={`${id}-title`}>{say('moderation.ruleTitle', { position })}</label>
      <input
        id={`${id}-title`}
        className="text-input rules-editor__input"
        name="title"
        value={draft.title}
        aria-invalid={problems?.title ? true : undefined}
        aria-describedby={problems?.title ? titleNote : undefined}
        onChange={(event) => onEdit('title', event.target.value)}
      />
      {problems?.title ? <p id={titleNote} className="rules-editor__problem">{problems.title}</p> : null}
      <label className="rules-editor__label" htmlFor={`${id}-description`}>{say('moderation.ruleDescription', { position })}</label>
      <textarea
        id={`${id}-description`}
        className="text-input rules-editor__input rules-editor__description"
        name="description"
        rows={3}
        value={draft.description}
        aria-invalid={problems?.description ? true : undefined}
        aria-describedby={descriptionNote}
        onChange={(event) => onEdit('description', event.target.value)}
      />
      <p id={descriptionNote} className={problems?.description ? 'rules-editor__problem' : 'rules-editor__note'}>
        {problems?.description ?? say('moderation.ruleLength', { length: descriptionLength, max: LIMITS.ruleDescriptionMax })}
      </p>
      <div className="rules-editor__buttons">
        <button type="button" className="button button--secondary rules-editor__move" disabled={position === 1} onClick={() => onMove(-1)}>
          {say('moderation.moveUp', { position })}
        </button>
        <button type="button" className="button button--secondary rules-editor__move" disabled={position === count} onClick={() => onMove(1)}>
          {say('moderation.moveDown', { position })}
        </button>
        <button type="button" className="button button--secondary rules-editor__remove" onClick={onRemove}>
          {say('moderation.removeRule', { position })}
        </button>
      </div>
    </li>
  );
}
