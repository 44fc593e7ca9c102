import * as effectorReact from 'effector-react';
import * as React from 'react';
import { useAuthModel } from '../components/use-lazy-model';
import { AvatarSection, EmailSection, NameSection, PasswordSection } from '../components/profile-sections';
import { usePageOpened } from '../components/use-form';
import { TOKENS, useService } from '../../../../core';
import { ContributedSections } from '../../../../core/ui/contributed-sections';
import { profileSections } from '../extension-points';

const { useEffect, useMemo } = React;
const NO_PROPS = {};

export default function ProfilePage() {
  const { profile } = useAuthModel();
  const opened = effectorReact.useUnit(profile.pageOpened);
  usePageOpened(opened);
  const registry = useService(TOKENS.PluginRegistry);
  const sections = useMemo(() => registry.contributions(profileSections), [registry]);

  // `/profile#password` (palette: "Change password") lands on that section.
  useEffect(() => {
    const hash = window.location.hash.slice(1);
    if (!hash) return;
    const section = document.getElementById(hash);
    section?.scrollIntoView({ block: 'start' });
    section?.querySelector<HTMLInputElement>('input')?.focus();
  }, []);

  return (
    <div className="auth-page auth-profile">
      <h1>Profile</h1>
      <AvatarSection />
      <NameSection />
      <EmailSection />
      <PasswordSection />
      <ContributedSections sections={sections} props={NO_PROPS} />
    </div>
  );
}
