import './data-table.css';
export { DataTable, type DataTableProps } from './data-table';
export {
  dataTableColumnHelper,
  dataTableFeatures,
  type DataTableColumn,
  type DataTableFeatures,
} from './data-table-columns';
export { applyRowClick, extendSelection, headerCheckboxState, toggleAll, type SelectionStep } from './selection-range';
