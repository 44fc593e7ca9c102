/** Moved to ../../common/craft (pure, shared with the subtitle editor in the browser); kept here so the craft imports stay short. */
export * from '../../common/craft/line-breaking';
