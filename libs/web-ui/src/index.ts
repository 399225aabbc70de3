export { appTheme } from './theme';
export { PageTitle } from './components/PageTitle';
export { LoadingState } from './components/LoadingState';
export { ErrorState } from './components/ErrorState';
export { EmptyState } from './components/EmptyState';
export { AppFooter } from './components/AppFooter';
export { PlaceholderPage } from './components/PlaceholderPage';
export * from './qa';
export { DeepResearchPanel, ResearchReportView, type DeepResearchPanelProps } from './research/DeepResearchPanel';
