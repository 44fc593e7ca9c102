import { useLazyModel } from '../../../../core';
import { authModel } from '../auth-model-loader';
import type { AuthModel } from '../auth-model';

export function useAuthModel(): AuthModel {
  return useLazyModel(authModel);
}
