import { matchSignedOutPage } from '@app/shared';
import { entryNavigation } from '../entry-navigation';

/** How the signed-out entry moves: in place between its four pages, by a page load to any other. */
export const signedOutNavigation = entryNavigation((pathname) => matchSignedOutPage(pathname) !== null);
