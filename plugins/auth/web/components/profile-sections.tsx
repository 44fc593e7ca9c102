import * as effectorReact from 'effector-react';
import * as React from 'react';
import { AVATAR_TYPES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../common/auth-contract';
import { useAuthModel } from './use-lazy-model';
import { FormField, SubmitButton } from './form-field';
import { onSubmitCall, useForm } from './use-form';

const { useId, useRef } = React;

/** The sections of `/profile`; each is its own <form> with its own call and pending flag. */
export function NameSection() {
  const { profile } = useAuthModel();
  const { field } = useForm(profile.nameForm);
  const [pending, submitted] = effectorReact.useUnit([profile.$namePending, profile.nameSubmitted]);
  const headingId = useId();
  return (
    <section className="auth-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Your name</h2>
      <form className="auth-form" onSubmit={onSubmitCall(submitted)} aria-labelledby={headingId}>
        <div className="auth-row">
          <FormField label="Name" autoComplete="given-name" required {...field('name')} />
          <FormField label="Last name" autoComplete="family-name" required {...field('lastName')} />
        </div>
        <SubmitButton pending={pending}>Save name</SubmitButton>
      </form>
    </section>
  );
}

export function EmailSection() {
  const { profile } = useAuthModel();
  const { field } = useForm(profile.emailForm);
  const [pending, submitted] = effectorReact.useUnit([profile.$emailPending, profile.emailSubmitted]);
  const headingId = useId();
  return (
    <section className="auth-section" id="email" aria-labelledby={headingId}>
      <h2 id={headingId}>E-mail address</h2>
      <form className="auth-form" onSubmit={onSubmitCall(submitted)} aria-labelledby={headingId}>
        <FormField label="E-mail" type="email" autoComplete="email" required {...field('email')} />
        <FormField
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          hint="Needed to change your e-mail"
          {...field('currentPassword')}
        />
        <SubmitButton pending={pending}>Change e-mail</SubmitButton>
      </form>
    </section>
  );
}

export function PasswordSection() {
  const { profile } = useAuthModel();
  const { field } = useForm(profile.passwordForm);
  const [pending, submitted] = effectorReact.useUnit([profile.$passwordPending, profile.passwordSubmitted]);
  const headingId = useId();
  return (
    <section className="auth-section" id="password" aria-labelledby={headingId}>
      <h2 id={headingId}>Password</h2>
      <form className="auth-form" onSubmit={onSubmitCall(submitted)} aria-labelledby={headingId}>
        <FormField
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
          {...field('password')}
        />
        <FormField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          required
          {...field('passwordConfirmation')}
        />
        <FormField
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          {...field('currentPassword')}
        />
        <SubmitButton pending={pending}>Change password</SubmitButton>
      </form>
    </section>
  );
}

export function AvatarSection() {
  const { profile, $user } = useAuthModel();
  const [user, pending, chosen] = effectorReact.useUnit([$user, profile.$avatarPending, profile.avatarChosen]);
  const input = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const inputId = useId();
  const avatarUrl = user?.attributes.avatarUrl;
  const fullName =
    [user?.attributes.name, user?.attributes.lastName].filter(Boolean).join(' ') || (user?.attributes.email ?? '');
  const initials = (fullName.match(/\b\p{L}/gu) ?? [fullName[0] ?? '?']).slice(0, 2).join('').toUpperCase();
  return (
    <section className="auth-section" id="picture" aria-labelledby={headingId}>
      <h2 id={headingId}>Picture</h2>
      {avatarUrl ? (
        <img className="auth-avatar" src={avatarUrl} alt="Your current picture" />
      ) : (
        <div className="auth-avatar auth-avatar-initials" aria-hidden="true">
          {initials}
        </div>
      )}
      <div className="auth-field">
        <label htmlFor={inputId}>Upload a new picture</label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={AVATAR_TYPES.join(',')}
          disabled={pending}
          aria-describedby={`${inputId}-hint`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) chosen(file);
            // Cleared so choosing the same file again after a fix still fires a change.
            if (input.current) input.current.value = '';
          }}
        />
        <p id={`${inputId}-hint`} className="auth-field-hint">
          PNG, JPEG, WebP or GIF, up to 2 MB.
        </p>
      </div>
    </section>
  );
}
