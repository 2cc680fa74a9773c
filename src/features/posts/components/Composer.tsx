import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector, useAppStore } from '../../../lib/store/hooks';
import { Avatar } from '../../../components/Avatar';
import { TIMINGS } from '../../../config/timings';
import { usePickImage } from '../../../lib/usePickImage';
import { selectCurrentMember } from '../../users/currentMember';
import { selectCurrentUserId } from '../../auth/sessionSlice';
import { notifyError, notifySuccess, worded } from '../../ui/notify';
import { feedSortChanged } from '../feedSlice';
import { useCreatePostMutation } from '../postsApi';
import { draftImages, emptyDraft, imagesOfDraft, quoteDraftPlace, useDraft, type DraftImage } from '../useDraft';
import type { Post } from '../../../types/api';
import { QuoteCard } from './QuoteCard';
import { selectWaitingWrites, waitingPostsIn } from '../../../offline/outboxSlice';
import { hasCapability, usePostImagesMax } from '../../../lib/api/capabilities';
// The composer's styles first, then its fields' (as the edit window has them): one order of the
// styles on every page that holds both.
import './shared.css';
import './Composer.css';
import { imageAltFits } from './ImageDescriptionField';
import { ComposerImages } from './ComposerImages';
import { ContentWarningField, contentWarningFits } from '../warnings/ContentWarningField';
import { keyIsSpent, newIdempotencyKey } from '../../../lib/idempotencyKey';
import { CharacterCount, charactersLeft, CountedTextBox } from './CharacterCount';
import { ClockIcon, ImageIcon, WarningIcon } from './icons';
import { SubmitButton } from '../../../components/ProgressLabel';
import { currentLanguage, t } from '../../../i18n/i18n';
import { useT } from '../../../i18n/useT';
import { paths } from '../../../config/paths';
import { classifyFailure, errorCode, errorMessage } from '../../../lib/apiError';
import { ERROR_CODES } from '../../../../contract/messages';
import { formatPublishTime } from '../../../lib/formatDate';
import { useSchedulePostMutation } from '../../scheduledPosts/scheduledPostsApi';
import { toOffsetIso } from '../../scheduledPosts/publishTime';
import { PublishTimeField, usePublishTime } from '../../scheduledPosts/components/PublishTimeField';
import { imagePickHint, imageProblemText } from '../../../i18n/imageTexts';

export interface ComposerProps {
  /** Called after the post is created (Create post goes home). */
  onPosted?: () => void;
  /**
   * The post this one quotes (the `reposts` extension): shown under the text box and sent as
   * `quoteOf`; the draft is kept for that post apart from the composer's own, and is not scheduled.
   */
  quoted?: Post;
}

/**
 * The new-post box: text with a live character count, an optional image with preview, and Post. The
 * draft stays when the call fails, and through a reload, until the post is made.
 */
export function Composer({ onPosted, quoted }: ComposerProps) {
  const say = useT();
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const me = useAppSelector(selectCurrentMember);
  // The draft is the session's member's from the first render: their record may come later (a reload).
  const [draft, updateDraft] = useDraft(useAppSelector(selectCurrentUserId), quoted ? quoteDraftPlace(quoted.id) : undefined);
  const { text, image, warning, idempotencyKey } = draft;
  const setText = (value: string) => updateDraft({ text: value });
  // The post's images in order, each with its description; the first is the spec's image.
  const images = draftImages(draft);
  const setImages = (list: DraftImage[]) => updateDraft(imagesOfDraft(list));
  // As many as the backend takes: one where it answers the spec alone, whose composer a new pick replaces.
  const imagesMax = usePostImagesMax();
  const several = imagesMax > 1;
  const full = several && images.length >= imagesMax;
  // The backend keeps a description with the image: the composer asks for one.
  const describes = useAppSelector((state) => hasCapability(state, 'altText'));
  // The backend keeps a content warning: the composer can add one, above the text.
  const warns = useAppSelector((state) => hasCapability(state, 'contentWarnings'));
  const [warningAsked, setWarningAsked] = useState(false);
  const warningShown = warns && (warningAsked || warning !== '');
  const warningBox = useRef<HTMLInputElement>(null);
  const toggleWarning = () => {
    if (warningShown) {
      // Taken off: what it said goes, and the member carries on with the text.
      setWarningAsked(false);
      updateDraft({ warning: '' });
      textBox.current?.focus();
      return;
    }
    setWarningAsked(true);
  };
  // Opened by its button: the member writes the warning next.
  useEffect(() => {
    if (warningAsked) warningBox.current?.focus();
  }, [warningAsked]);
  // The backend keeps posts to publish later: the composer can schedule one instead of posting it.
  const schedules = useAppSelector((state) => hasCapability(state, 'scheduledPosts')) && !quoted;
  const [scheduleAsked, setScheduleAsked] = useState(false);
  // The time picked is part of the draft: a reload finds the post still set to be scheduled.
  const scheduling = schedules && (scheduleAsked || draft.publishAt !== '');
  const publishTime = usePublishTime('', [draft.publishAt, (value) => updateDraft({ publishAt: value })]);
  const { focus: focusTime } = publishTime;
  // Said under the form once a post is scheduled, with the way to the list: a toast cannot hold a link.
  const [scheduledFor, setScheduledFor] = useState<string | null>(null);
  const toggleSchedule = () => {
    if (scheduling) {
      // Taken off: the post goes out at once when sent.
      setScheduleAsked(false);
      publishTime.clear();
      textBox.current?.focus();
      return;
    }
    setScheduleAsked(true);
  };
  // Opened by its button: the member picks the time next.
  useEffect(() => {
    if (scheduleAsked) focusTime();
  }, [scheduleAsked, focusTime]);
  const [createPost, { isLoading: posting }] = useCreatePostMutation();
  const [schedulePost, { isLoading: keeping }] = useSchedulePostMutation();
  const isLoading = posting || keeping;
  const fileInput = useRef<HTMLInputElement>(null);
  const addImageButton = useRef<HTMLButtonElement>(null);
  const { pick, preparing, pixelsMax } = usePickImage();
  const textBox = useRef<HTMLTextAreaElement>(null);
  const emptyTimer = useRef<number | undefined>(undefined);
  const countId = useId();
  const tooManyId = useId();

  useEffect(() => () => window.clearTimeout(emptyTimer.current), []);

  const over = charactersLeft(text) < 0 || (describes && images.some((picked) => !imageAltFits(picked.imageAlt)))
    || (warningShown && !contentWarningFits(warning)) || (several && images.length > imagesMax);
  const fullName = me ? `${me.firstName} ${me.lastName}` : '';

  const onFileChosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const files = Array.from(input.files ?? []);
    input.value = '';
    // One image a post: a new one takes the place of the one before, whose description goes with it.
    const room = several ? Math.max(0, imagesMax - images.length) : 1;
    const taken = files.slice(0, room);
    if (files.length > taken.length) notifyError(t('images.over', { added: taken.length, max: imagesMax }));
    // One at a time, in the order picked: each shows as soon as it is ready.
    for (const file of taken) {
      const picked = await pick(file);
      if (!picked) continue;
      if (picked.problem) {
        notifyError(imageProblemText(picked.problem, pixelsMax));
        continue;
      }
      const { dataUrl } = picked;
      updateDraft((now) => {
        if (!several) return { image: dataUrl, imageAlt: '', moreImages: [] };
        const list = draftImages(now);
        return list.length >= imagesMax ? {} : imagesOfDraft([...list, { image: dataUrl, imageAlt: '' }]);
      });
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // A picked image still being prepared is part of the post: Post waits for it.
    if (isLoading || over || preparing) return;
    if (text.trim() === '' && image === '') {
      window.clearTimeout(emptyTimer.current);
      emptyTimer.current = window.setTimeout(() => notifyError(t('composer.empty')), TIMINGS.emptyPostMessageMs);
      return;
    }
    if (scheduling) {
      await onSchedule();
      return;
    }
    try {
      await createPost({ text, ...imagesToSend(), warning: warningShown ? warning : '', idempotencyKey, ...(quoted ? { quoteOf: quoted.id } : {}) }).unwrap();
    } catch (error) {
      // The member keeps the draft; the app already said what went wrong.
      if (keyIsSpent(error)) updateDraft({ idempotencyKey: newIdempotencyKey() });
      return;
    }
    // With no backend to be reached, the post waits in the outbox (shown above the feed): the
    // composer is free for the next one.
    const waits = waitingPostsIn(selectWaitingWrites(store.getState())).some((write) => write.target === idempotencyKey);
    notifySuccess(t(waits ? 'composer.waiting' : quoted ? 'quote.done' : 'composer.created'));
    setScheduledFor(null);
    updateDraft(emptyDraft());
    setWarningAsked(false);
    // Ready for the next post: focus never falls to the page (Create post then goes home).
    textBox.current?.focus();
    dispatch(feedSortChanged('latest'));
    onPosted?.();
  };

  /** The first image and its description as the spec's, the others after it in order; descriptions where the backend keeps them. */
  const imagesToSend = () => {
    const [first, ...rest] = images;
    return {
      image: first?.image ?? '',
      imageAlt: describes ? (first?.imageAlt ?? '') : '',
      moreImages: rest.map((picked) => ({ image: picked.image, imageAlt: describes ? picked.imageAlt : '' })),
    };
  };

  /** Keeps the post for the time picked; a refused time is said at its field, and nothing typed is lost. */
  const onSchedule = async () => {
    const time = publishTime.check();
    if (!time) return;
    setScheduledFor(null);
    let kept;
    try {
      kept = await schedulePost({ text, ...imagesToSend(), warning: warningShown ? warning : '', publishAt: toOffsetIso(time) }).unwrap();
    } catch (error) {
      // Everything stays as typed. A refused time is said at its field; the app's listener says
      // what failed on the way, and the composer the backend's other refusals (the call's ownRefusals).
      if (errorCode(error) === ERROR_CODES.scheduleTimeInvalid) {
        publishTime.refuse(t('refusal.scheduleTimeInvalid'));
      } else if (classifyFailure(error, true).kind === 'client') {
        notifyError(worded((words) => words.refusalTextOf(error), errorMessage(error)));
      }
      return;
    }
    const when = formatPublishTime(kept.publishAt, currentLanguage());
    notifySuccess(t('schedule.done', { when }));
    setScheduledFor(when);
    updateDraft(emptyDraft());
    setWarningAsked(false);
    setScheduleAsked(false);
    publishTime.clear();
    textBox.current?.focus();
  };

  // The form checks its fields itself (a publish time too soon) and says so at the field, in the
  // app's words, rather than the browser's bubble.
  return (
    <form className={`composer${quoted ? ' composer--quote' : ''}`} onSubmit={onSubmit} aria-label={say(quoted ? 'quote.title' : 'composer.form')} noValidate>
      {/* In its place from the start: grey until the member's record is in, so the box never moves. */}
      <Avatar src={me?.image ?? ''} name={fullName} size="md" />
      <div className="composer__body">
        {warningShown ? <ContentWarningField ref={warningBox} text={warning} onText={(value) => updateDraft({ warning: value })} /> : null}
        <CountedTextBox ref={textBox} label={say('composer.text')} className="composer__text" placeholder={say('composer.placeholder')} text={text} onText={setText} rows={3} countId={countId} />
        {quoted ? (
          <section className="composer__quoted" aria-label={say('quote.quoting')}>
            <QuoteCard quote={{ postId: quoted.id, post: quoted }} link={false} />
          </section>
        ) : null}
        <ComposerImages images={images} onImages={setImages} describes={describes} afterLast={addImageButton} />
        {/* A draft kept from before the backend's limit was lowered: Post waits, and says for what. */}
        {several && images.length > imagesMax ? (
          <p id={tooManyId} className="composer__images-over" role="status">
            {say('images.tooMany', { max: imagesMax, excess: images.length - imagesMax })}
          </p>
        ) : null}
        {scheduling ? (
          <PublishTimeField {...publishTime.field} />
        ) : null}
        <div className="composer__bar">
          {/* At the most a post may have, it stays in reach and says why it adds nothing. */}
          <button
            ref={addImageButton}
            type="button"
            className="composer__icon-button"
            aria-label={say('composer.addImage')}
            aria-description={full ? say('refusal.tooManyImages', { max: imagesMax }) : imagePickHint()}
            aria-disabled={full || undefined}
            title={full ? say('refusal.tooManyImages', { max: imagesMax }) : say('composer.addImageTitle', { hint: imagePickHint() })}
            aria-busy={preparing || undefined}
            onClick={() => {
              if (!full) fileInput.current?.click();
            }}
          >
            <ImageIcon />
          </button>
          {several && images.length > 0 ? (
            <span className="composer__image-count">{say('images.count', { count: images.length, max: imagesMax })}</span>
          ) : null}
          {warns ? <ComposerSwitch label={say('warning.add')} pressed={warningShown} onToggle={toggleWarning}><WarningIcon /></ComposerSwitch> : null}
          {schedules ? <ComposerSwitch label={say('schedule.toggle')} pressed={scheduling} onToggle={toggleSchedule}><ClockIcon /></ComposerSwitch> : null}
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            multiple={several}
            hidden
            aria-label={say('composer.imageFile')}
            tabIndex={-1}
            onChange={(event) => void onFileChosen(event)}
          />
          <span className="composer__status" role="status">{preparing ? say('image.preparing') : ''}</span>
          <CharacterCount id={countId} text={text} />
          <SubmitButton className="composer__post" disabled={over || preparing} pending={isLoading} idle={say(scheduling ? 'schedule.submit' : 'composer.post')} busy={say(scheduling ? 'schedule.submitting' : 'composer.posting')} />
        </div>
        {scheduledFor ? (
          <p className="composer__scheduled">
            {say('schedule.done', { when: scheduledFor })}{' '}
            <Link to={paths.scheduledPosts.href()}>{say('schedule.seeList')}</Link>
          </p>
        ) : null}
      </div>
    </form>
  );
}

/** One of the composer's switches: an icon named for the part it adds (a warning, a time), pressed while that part shows. */
function ComposerSwitch({ label, pressed, onToggle, children }: { label: string; pressed: boolean; onToggle: () => void; children: ReactNode }) {
  return (
    <button type="button" className="composer__icon-button" aria-label={label} title={label} aria-pressed={pressed} onClick={onToggle}>
      {children}
    </button>
  );
}
