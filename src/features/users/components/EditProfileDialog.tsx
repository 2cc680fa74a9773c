import { useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Avatar } from '../../../components/Avatar';
import { Dialog } from '../../../components/Dialog';
import { LIMITS } from '../../../../contract/limits';
import { ERROR_CODES } from '../../../../contract/messages';
import { classifyFailure, errorCode } from '../../../lib/apiError';
import { countGraphemes } from '../../../../contract/validation';
import type { ImageFileProblem } from '../../../lib/fileToDataUrl';
import { usePickImage } from '../../../lib/usePickImage';
import { portfolioUrlError } from '../../../lib/url';
import type { User } from '../../../types/api';
import { notifyError, notifySuccess } from '../../ui/notify';
import { fullName } from '../followUpdates';
import { useEditProfileMutation, type ProfileEdit } from '../usersApi';
import './EditProfileDialog.css';
import { ProgressLabel } from '../../../components/ProgressLabel';
import { t } from '../../../i18n/i18n';
import { useT } from '../../../i18n/useT';
import type { MessageId } from '../../../i18n/catalogues/en';
import { imagePickHint, imageProblemText } from '../../../i18n/imageTexts';
import { refusalTextOf } from '../../../i18n/failureTexts';

/** What a member is told of a picked avatar that cannot be used, where it says more than any image's. */
const AVATAR_PROBLEMS = {
  'not-image': 'profile.avatarNotImage',
  'too-large': 'profile.avatarTooLarge',
  unreadable: 'profile.avatarUnreadable',
} as const satisfies Partial<Record<ImageFileProblem, MessageId>>;

/** The rules shown under the fields before the member saves (the backends' own limits). */
const PROFILE_HINTS = {
  bio: (length: number) => t('profile.bio', { length, max: LIMITS.bioMax }),
  /** Past the limit (a paste, most often): nothing is cut; the member shortens it. */
  bioOver: (length: number) => t('profile.bioOver', { length, max: LIMITS.bioMax, over: length - LIMITS.bioMax }),
  newPassword: () => t('profile.newPasswordHint', { min: LIMITS.passwordMin, max: LIMITS.passwordMax }),
};

/** What a field's control carries so that its label, hint and error are read with it. */
interface FieldControl {
  id: string;
  className: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

/**
 * One labelled field of the form, with its hint or (in its place) its error under it. A `live` error
 * follows what is typed (a count past a limit), so it is read out politely as it changes rather than
 * as an alert at each key.
 */
function ProfileField({ label, hint, error, live = false, children }: { label: string; hint?: ReactNode; error?: string | null; live?: boolean; children: (control: FieldControl) => ReactNode }) {
  const id = useId();
  const noteId = `${id}-note`;
  const note = error ? (
    <p id={noteId} className="profile-form__error" {...(live ? { 'aria-live': 'polite' } : { role: 'alert' })}>
      {error}
    </p>
  ) : hint ? (
    <p id={noteId} className="profile-form__hint">
      {hint}
    </p>
  ) : null;
  return (
    <div className="profile-form__field">
      <label htmlFor={id}>{label}</label>
      {children({ id, className: 'text-input', 'aria-describedby': note ? noteId : undefined, 'aria-invalid': error ? true : undefined })}
      {note}
    </div>
  );
}

export interface EditProfileDialogProps {
  user: User;
  onClose: () => void;
}

/**
 * The profile edit panel (spec section 2): avatar with preview, bio, portfolio link, current and new
 * password, Save / Discard. Invalid input is refused before anything is sent; a refused save keeps the
 * panel open with everything the member typed (the app's listener shows the backend's message).
 */
export function EditProfileDialog({ user, onClose }: EditProfileDialogProps) {
  const ids = { avatar: useId(), avatarHint: useId() };
  const [avatar, setAvatar] = useState(user.image);
  const [bio, setBio] = useState(user.userBio);
  const [portfolio, setPortfolio] = useState(user.userPortfolioUrl);
  const say = useT();
  const [portfolioError, setPortfolioError] = useState<MessageId | null>(null);
  const [currentPassword, setCurrentPassword] = useState('');
  const [currentPasswordError, setCurrentPasswordError] = useState<MessageId | null>(null);
  const [newPassword, setNewPassword] = useState('');
  const [editProfile, { isLoading: saving }] = useEditProfileMutation();
  const { pick, preparing, pixelsMax } = usePickImage();
  const portfolioRef = useRef<HTMLInputElement>(null);
  const currentPasswordRef = useRef<HTMLInputElement>(null);
  const bioRef = useRef<HTMLTextAreaElement>(null);
  const name = fullName(user);
  // Counted as the backends count it: characters as people see them, of the bio as it is saved.
  const bioLength = countGraphemes(bio.trim());
  const bioOver = bioLength > LIMITS.bioMax;

  const onAvatarPicked = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const picked = await pick(file);
    if (!picked) return;
    if (picked.problem) {
      input.value = '';
      notifyError(imageProblemText(picked.problem, pixelsMax, AVATAR_PROBLEMS));
      return;
    }
    setAvatar(picked.dataUrl);
  };

  // A changed current password is the member's again: its message goes until the next save.
  const onCurrentPassword = (value: string) => {
    setCurrentPassword(value);
    setCurrentPasswordError(null);
  };

  const markCurrentPassword = (problem: MessageId) => {
    setCurrentPasswordError(problem);
    currentPasswordRef.current?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A picked avatar still being prepared is part of the save: Save waits for it.
    if (saving || preparing) return;
    if (bioOver) {
      bioRef.current?.focus();
      return;
    }
    const urlProblem = portfolioUrlError(portfolio);
    setPortfolioError(urlProblem);
    if (urlProblem) {
      portfolioRef.current?.focus();
      return;
    }
    if (newPassword !== '' && currentPassword === '') {
      notifyError(t('profile.currentPasswordNeeded'));
      markCurrentPassword('profile.currentPasswordMissing');
      return;
    }
    const userData: ProfileEdit = { userBio: bio.trim(), userPortfolioUrl: portfolio.trim() };
    if (avatar !== user.image) userData.avatar = avatar;
    if (newPassword !== '') {
      userData.password = newPassword;
      userData.currentPassword = currentPassword;
    }
    try {
      await editProfile(userData).unwrap();
      notifySuccess(t('profile.saved'));
      onClose();
    } catch (error) {
      // Kept open with what was typed. A wrong current password is said at its field alone; the
      // dialog says the backend's other refusals itself (the call's ownRefusals), and the app's
      // listener says what failed on the way.
      if (errorCode(error) === ERROR_CODES.invalidCredentials) markCurrentPassword('profile.currentPasswordWrong');
      else if (classifyFailure(error, true).kind === 'client') notifyError(refusalTextOf(error));
    }
  };

  return (
    <Dialog title={say('profile.edit')} onClose={onClose} closeLabel={say('profile.closeEdit')}>
      <form className="profile-form" onSubmit={onSubmit} noValidate>
        <div className="profile-form__avatar">
          <Avatar src={avatar} name={name} size="lg" />
          <div className="profile-form__field">
            <label htmlFor={ids.avatar}>{say('profile.avatar')}</label>
            <input id={ids.avatar} className="profile-form__file visually-hidden" type="file" accept="image/*" aria-describedby={ids.avatarHint} onChange={onAvatarPicked} />
            <label htmlFor={ids.avatar} className="button button--secondary profile-form__file-button">{say('profile.chooseImage')}</label>
            <p id={ids.avatarHint} className="profile-form__hint">{imagePickHint()}</p>
            <span className="profile-form__hint" role="status">{preparing ? say('image.preparing') : ''}</span>
          </div>
        </div>

        {/* No maxLength: a bio pasted past the limit is kept whole, and the member is told by how much it is over. */}
        <ProfileField label={say('profile.bioLabel')} hint={PROFILE_HINTS.bio(bioLength)} error={bioOver ? PROFILE_HINTS.bioOver(bioLength) : null} live>
          {(control) => <textarea {...control} ref={bioRef} data-autofocus dir="auto" rows={3} value={bio} onChange={(event) => setBio(event.target.value)} />}
        </ProfileField>

        <ProfileField label={say('profile.portfolio')} error={portfolioError && say(portfolioError)}>
          {(control) => (
            <input
              {...control}
              ref={portfolioRef}
              type="url"
              inputMode="url"
              placeholder={say('profile.portfolioExample')}
              value={portfolio}
              onChange={(event) => {
                setPortfolio(event.target.value);
                if (portfolioError) setPortfolioError(null);
              }}
            />
          )}
        </ProfileField>

        <ProfileField label={say('profile.currentPassword')} error={currentPasswordError && say(currentPasswordError)}>
          {(control) => <input {...control} ref={currentPasswordRef} type="password" autoComplete="current-password" value={currentPassword} onChange={(event) => onCurrentPassword(event.target.value)} />}
        </ProfileField>

        <ProfileField label={say('profile.newPassword')} hint={PROFILE_HINTS.newPassword()}>
          {(control) => <input {...control} type="password" autoComplete="new-password" maxLength={LIMITS.passwordMax} value={newPassword} onChange={(event) => setNewPassword(event.target.value)} />}
        </ProfileField>

        <div className="profile-form__actions">
          <button type="button" className="profile-form__discard" onClick={onClose}>
            {say('profile.discard')}
          </button>
          <button type="submit" className="profile-form__save" aria-disabled={saving || preparing || undefined}>
            <ProgressLabel pending={saving} idle={say('profile.save')} busy={say('profile.saving')} />
          </button>
        </div>
      </form>
    </Dialog>
  );
}
