import { CreateContent1764200001000 } from './1764200001000-CreateContent';

export const CONTENT_MIGRATIONS = [CreateContent1764200001000];
