import type { CreateAdministratorBody, Person, UpdateAdministratorBody } from '@app/shared';
import { peopleApi } from './people-api';

/** `/administrators`: church and platform administrators; platform admins only (spec section 6). */
export const administratorsApi = peopleApi<Person, Person, CreateAdministratorBody, UpdateAdministratorBody>('/administrators');
