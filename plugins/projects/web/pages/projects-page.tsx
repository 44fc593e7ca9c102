import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useUnit } from 'effector-react';
import { TOKENS, useService } from '../../../../core';
import { projectVersionPage, type ProjectVersionResource } from '../../common/projects-contract';
import { DeleteProjectVersionsDialog } from '../components/delete-project-versions-dialog';
import { FailedLinks } from '../components/failed-links';
import { NewProjectDialog } from '../components/new-project-dialog';
import { ProjectVersionsTable } from '../components/project-versions-table';
import { RowActionsMenu, type RowMenuState } from '../components/row-actions-menu';
import type { ProjectsRowAction } from '../extension-points';
import { useDebounced, useProjectsModel } from '../components/use-projects-model';
import '../components/projects.css';

const SEARCH_DEBOUNCE_MS = 300;
export const PROJECTS_SEARCH_ID = 'projects-search';

/** `/`: every project version of the current workspace, with search, label filters, selection and bulk actions. */
export default function ProjectsPage() {
  const model = useProjectsModel();
  const { versions, parts } = model;
  const app = useService(TOKENS.AppModel);
  const navigator = useService(TOKENS.Navigator);
  const [
    workspace,
    account,
    count,
    rows,
    selection,
    hasMore,
    loading,
    loadingFirst,
    search,
    deleteOpen,
    deleting,
    newProjectMode,
    filterParams,
  ] = useUnit([
    app.$currentWorkspace,
    app.$currentAccount,
    model.$projectCount,
    versions.$rows,
    versions.$selection,
    versions.$hasMore,
    versions.$loading,
    versions.$loadingFirstPage,
    versions.$search,
    versions.$deleteDialogOpen,
    versions.$deleting,
    model.$newProjectMode,
    versions.$filterParams,
  ]);
  const [
    pageOpened,
    searchChanged,
    nextPage,
    select,
    clearSelection,
    deleteRequested,
    deleteCancelled,
    deleteConfirmed,
    openNewProject,
  ] = useUnit([
    versions.pageOpened,
    versions.searchChanged,
    versions.nextPageRequested,
    versions.selectionChanged,
    versions.selectionCleared,
    versions.deleteRequested,
    versions.deleteCancelled,
    versions.deleteConfirmed,
    model.newProjectOpened,
  ]);
  useEffect(() => pageOpened(), [pageOpened]);

  const [searchText, setSearchText] = useState(search);
  useDebounced(searchText, SEARCH_DEBOUNCE_MS, searchChanged);

  const contributedColumns = useMemo(() => parts.flatMap((p) => p.columns ?? []), [parts]);
  const bulkActions = useMemo(() => parts.flatMap((p) => p.bulkActions ?? []), [parts]);
  const statusLines = useMemo(() => parts.flatMap((p) => (p.statusLine ? [p.statusLine] : [])), [parts]);
  const openRow = useCallback(
    (row: ProjectVersionResource) => navigator.navigate(projectVersionPage(row.attributes.projectId, row.id)),
    [navigator],
  );
  const rowActions = useMemo<ProjectsRowAction[]>(
    () => [{ id: 'projects.open', title: 'Open', run: openRow }, ...parts.flatMap((p) => p.rowActions ?? [])],
    [parts, openRow],
  );
  const [rowMenu, setRowMenu] = useState<RowMenuState | null>(null);
  const tableArea = useRef<HTMLDivElement>(null);
  const closeRowMenu = useCallback(() => {
    setRowMenu(null);
    tableArea.current?.querySelector<HTMLElement>('[role="grid"]')?.focus();
  }, []);
  // Delete and Ctrl/Cmd+Backspace in the table ask to delete the selection (Mac keyboards have no Delete key).
  const onTableKeyDown = (event: KeyboardEvent) => {
    if (
      selection.size > 0 &&
      (event.key === 'Delete' || (event.key === 'Backspace' && (event.metaKey || event.ctrlKey)))
    ) {
      event.preventDefault();
      deleteRequested();
    }
  };

  const filtered =
    searchText.trim() !== '' ||
    search !== '' ||
    Object.values(filterParams).some((v) => (Array.isArray(v) ? v.length > 0 : v));
  const emptyState = filtered ? (
    <div className="projects-empty">
      <h2>No project versions match</h2>
      <p className="muted">Try other words or labels.</p>
    </div>
  ) : (
    <div className="projects-empty">
      <div className="empty-state-icon" aria-hidden="true">
        ▶
      </div>
      <h2>No projects yet</h2>
      <p className="muted">Upload a video or paste a link to start your first project.</p>
      <div className="projects-empty-actions">
        <button type="button" className="button button-primary" onClick={() => openNewProject('upload')}>
          Upload videos
        </button>
        <button type="button" className="button" onClick={() => openNewProject('links')}>
          Paste links
        </button>
      </div>
    </div>
  );

  return (
    <div className="page projects-page">
      <header className="page-header">
        <div>
          <p className="page-eyebrow">{account?.attributes.name ?? ' '}</p>
          <h1>{workspace?.attributes.name ?? 'Projects'}</h1>
          {/* Always there, so the page does not shift when the count arrives. */}
          <p className="muted projects-count" role="status" aria-label="Project count">
            {count === null ? '\u00a0' : count === 1 ? '1 project' : `${count} projects`}
          </p>
        </div>
        <div className="projects-header-actions">
          {parts.map((p, i) => p.HeaderActions && <p.HeaderActions key={i} />)}
          <button type="button" className="button" onClick={() => openNewProject('links')}>
            Paste links
          </button>
          <button type="button" className="button button-primary" onClick={() => openNewProject('upload')}>
            New project
          </button>
        </div>
      </header>

      <FailedLinks />

      <div className="projects-toolbar">
        <input
          id={PROJECTS_SEARCH_ID}
          type="search"
          className="projects-search"
          placeholder="Search projects…  ( / )"
          aria-label="Search projects"
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && searchChanged(searchText)}
        />
        {parts.map(
          (p, i) =>
            p.FilterBar && (
              <Suspense key={i} fallback={null}>
                <p.FilterBar />
              </Suspense>
            ),
        )}
      </div>

      <div
        className="projects-bulk-bar"
        role="toolbar"
        aria-label="Selected project versions"
        hidden={selection.size === 0}
      >
        <span>{selection.size} selected</span>
        {bulkActions.map((action) => (
          <button key={action.id} type="button" className="button" onClick={() => action.run([...selection])}>
            {action.title}
          </button>
        ))}
        <button type="button" className="button button-danger" onClick={() => deleteRequested()}>
          Delete
        </button>
        <button type="button" className="link-button" onClick={() => clearSelection()}>
          Clear selection
        </button>
      </div>

      <div className="projects-table" onKeyDown={onTableKeyDown} ref={tableArea}>
        <ProjectVersionsTable
          rows={rows}
          contributedColumns={contributedColumns}
          statusLines={statusLines}
          selection={selection}
          onSelectionChange={select}
          onEndReached={nextPage}
          hasMore={hasMore}
          loading={loading && (loadingFirst || rows.length > 0)}
          emptyState={emptyState}
          onRowOpen={openRow}
          onRowMenu={(row, at) => setRowMenu({ row, at })}
        />
      </div>
      {rowMenu && <RowActionsMenu state={rowMenu} actions={rowActions} onClose={closeRowMenu} />}

      {deleteOpen && (
        <DeleteProjectVersionsDialog
          count={selection.size}
          pending={deleting}
          onConfirm={deleteConfirmed}
          onClose={deleteCancelled}
        />
      )}
      {newProjectMode && <NewProjectDialog mode={newProjectMode} />}
    </div>
  );
}
