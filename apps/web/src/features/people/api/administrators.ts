import type { CreateAdministratorBody, Person, UpdateAdministratorBody } from '@app/shared';
import { peopleApi } from './people-api';

/** `/administrators`: church and platform administrators (issue 9, item 4); platform admins only. */
export const administratorsApi = peopleApi<Person, Person, CreateAdministratorBody, UpdateAdministratorBody>('/administrators');
