/*
 * The component kit (issue 14): shadcn/ui-style components kept in the repository, on
 * Radix primitives and Tailwind CSS. Pages import from `@/app/components/ui`.
 */
export { Badge } from './badge';
export { BarChart } from './bar-chart';
export { Button, buttonVariants, type ButtonProps } from './button';
export { Card, cardClass, CardTitle } from './card';
export { cn } from './cn';
export { actionsColumn, dateColumn, statusColumn } from './columns';
export { Combobox, useDebounced, type ComboboxOption, type PickerProps } from './combobox';
export { ConfirmButton } from './confirm-button';
export { DataTable, type ColumnDef, type ColumnMeta } from './data-table';
export { DateField } from './date-field';
export { DateRange } from './date-range';
export { DetailList, Stat, StatGrid } from './stats';
export { Dialog } from './dialog';
export { DropdownMenu, DropdownMenuItem } from './dropdown-menu';
export { RowActions, type RowAction } from './row-actions';
export { errorMessage, fieldErrorsOf, useErrorToast } from './errors';
export { FilterBar, FilterSearch, FilterSelect } from './filters';
export {
  DAY_NAMES,
  formatDate,
  formatDateTime,
  humanize,
  money,
  plural,
  wordOptions,
} from './format';
export {
  applyServerErrors,
  FormActions,
  FormErrorSummary,
  FormField,
  Options,
  SelectInputField,
  TextareaField,
  TextInputField,
  useRecordForm,
  useZodForm,
  type AnyForm,
  type FormOf,
  type Option,
} from './form';
export { blankAs, numberText } from './number-text';
export { Input, Label, NativeSelect, Textarea, VisuallyHidden } from './input';
export { Empty, ErrorState, Pager, QueryState, Skeleton } from './page-state';
export { cellClass, headCellClass, TableWrap, tableClass } from './table';
export { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';
export { ToastProvider, useToast } from './toast';
export { useListFilters } from './use-list-filters';
export { useRefresh, useWriteOutcome } from './use-write-outcome';
export { TableOrCards } from './table-or-cards';
export { useMediaQuery } from './use-media-query';
