import type { CreateUserBody, Person, UpdateUserBody } from '@app/shared';
import { peopleApi } from './people-api';

/** `/users`: people of the church (issue 9, item 2). */
export const usersApi = peopleApi<Person, Person, CreateUserBody, UpdateUserBody>('/users');
