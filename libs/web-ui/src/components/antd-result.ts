// antd's Result on its own, for LazyResult's chunk.
export { Result } from 'antd';
