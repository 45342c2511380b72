export {
  type Checklist,
  type ChecklistItem,
  type ChecklistOwner,
  ChecklistsPanel,
  type ChecklistsPanelProps,
  type ChecklistTemplate,
} from './checklists-panel';
