import type { CreateUserBody, Person, UpdateUserBody } from '@app/shared';
import { peopleApi } from './people-api';

/** `/users`: people of the church (spec section 3 User). */
export const usersApi = peopleApi<Person, Person, CreateUserBody, UpdateUserBody>('/users');
