export { NotificationProvider } from './NotificationProvider';
export { useNotify, type NoticeInput, type NotificationApi } from './context';
export { describeError, errorMessageOf } from './describeError';
