import type { ProjectsTableColumn } from '@polycue/plugins/projects';

/** A column of the projects table: rendered for every visible row, so it stays cheap. */
export const greetingColumn: ProjectsTableColumn = {
  id: 'hello.greeting',
  header: 'Greeting',
  Cell: ({ row }) => <span className="muted">Hello, {row.attributes.title.split(/\s+/)[0] || 'you'}!</span>,
};
