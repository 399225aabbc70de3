import { BadRequestException, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { ApiExceptionFilter } from './api-exception.filter';

describe('ApiExceptionFilter.toBody', () => {
  const filter = new ApiExceptionFilter();

  it('keeps the text of an HTTP exception as the message', () => {
    expect(filter.toBody(new ServiceUnavailableException('MySQL is down; Redis is up'))).toEqual({
      statusCode: 503, error: 'Service Unavailable', message: 'MySQL is down; Redis is up',
    });
  });

  it('joins validation messages and replaces framework 404 texts', () => {
    expect(filter.toBody(new BadRequestException(['a is required', 'b is too long'])).message).toBe('a is required; b is too long');
    expect(filter.toBody(new NotFoundException('Cannot GET /api/x')).message).toBe('We could not find what you asked for.');
  });

  it('never leaks an unexpected error', () => {
    expect(filter.toBody(new Error('ER_ACCESS_DENIED secret detail'))).toEqual({
      statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong on our side. Please try again.',
    });
  });

  it('maps Fastify errors that carry a status', () => {
    expect(filter.toBody(Object.assign(new Error('Body is too large'), { statusCode: 413 }))).toEqual({
      statusCode: 413, error: 'Payload Too Large', message: 'The request is too large.',
    });
  });
});
