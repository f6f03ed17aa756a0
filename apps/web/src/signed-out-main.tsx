import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './i18n';
import { renderQueryEntry } from './app/query-entry-root';
import { SignedOutApp } from './app/signed-out/signed-out-app';

// The signed-out entry (signed-out.html): sign-in, sign-up and the password pages, the first page
// every phone opens, without React Router or the signed-in shell (decision 029).
renderQueryEntry(<SignedOutApp />);
