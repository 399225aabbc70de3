import { useEffect, useRef } from 'react';
import { errorStatus, selectCurrentUser, useAppSelector } from '@cqa/web-core';
import { useCreatePatientProfileMutation, usePatientProfileByUserQuery } from '../api';

/**
 * The signed-in patient's own patient record id. The session carries it; an account that has no record yet (made
 * before registration created one) is looked up by user id, and created when there is none.
 */
export function useOwnPatientId(): { patientId: string | undefined; error: unknown } {
  const user = useAppSelector(selectCurrentUser);
  const known = user?.patientId ?? undefined;
  const lookup = usePatientProfileByUserQuery(user?.id ?? '', { skip: Boolean(known) || !user || user.role !== 'patient' });
  const [create, created] = useCreatePatientProfileMutation();
  const asked = useRef(false);
  const missing = lookup.isError && errorStatus(lookup.error) === 404;

  useEffect(() => {
    if (missing && user && !asked.current) {
      asked.current = true;
      void create({ user_id: user.id, profile: {} });
    }
  }, [missing, user, create]);

  return {
    patientId: known ?? lookup.data?.id ?? created.data?.id,
    error: (lookup.isError && !missing ? lookup.error : undefined) ?? created.error,
  };
}
