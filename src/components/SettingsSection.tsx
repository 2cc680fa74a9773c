import { useId, type ReactNode } from 'react';
import './SettingsSection.css';

/**
 * A part of a settings page, named by its heading (screen readers list it by that name): its title,
 * what it is for when that needs saying, then its controls. The page brings the stylesheets.
 */
export function SettingsSection({ title, about, children }: { title: string; about?: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="muted-and-blocked__title">{title}</h2>
      {about === undefined ? null : <p className="settings-note settings-section__about">{about}</p>}
      {children}
    </section>
  );
}
