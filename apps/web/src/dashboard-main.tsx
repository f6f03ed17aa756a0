import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './i18n';
import { DashboardApp } from './app/dashboard-entry/dashboard-app';
import { renderQueryEntry } from './app/query-entry-root';

// The dashboard's entry (dashboard.html): the first page after signing in, in the signed-in shell,
// without React Router (decision 029).
renderQueryEntry(<DashboardApp />);
