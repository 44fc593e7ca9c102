import { useUnit } from 'effector-react';
import { TOKENS, useService } from '../../../core';

export default function HomePage() {
  const app = useService(TOKENS.AppModel);
  const [workspace, account] = useUnit([app.$currentWorkspace, app.$currentAccount]);
  return (
    <div className="page">
      <header className="page-header">
        <div>
          <p className="page-eyebrow">{account?.attributes.name ?? ' '}</p>
          <h1>{workspace?.attributes.name ?? 'Home'}</h1>
        </div>
      </header>
      <div className="empty-state">
        <div className="empty-state-icon" aria-hidden="true">
          ▶
        </div>
        <h2>No projects yet</h2>
        <p className="muted">Projects arrive with the projects feature.</p>
      </div>
    </div>
  );
}
