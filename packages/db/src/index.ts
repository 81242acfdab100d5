export * from './schema';
export * from './client';
export * from './password';
export * from './storage';
export * from './open-storage';
export {
  sql,
  eq,
  ne,
  and,
  or,
  not,
  desc,
  asc,
  gt,
  gte,
  lt,
  lte,
  inArray,
  notInArray,
  isNull,
  isNotNull,
  exists,
  notExists,
  between,
  like,
  ilike,
  count,
  countDistinct,
  avg,
  sum,
  max,
  min,
  getTableColumns,
} from 'drizzle-orm';
export type { SQL, InferSelectModel, InferInsertModel } from 'drizzle-orm';
export { checkStorageEnv, databaseEnvFrom, databaseEnvSchema, processEnvironment } from './env';
export { inServerBundle, locate } from './location';
