import { z } from '../zod';
import { endpoint, message } from '../endpoint';
import {
  CableVariationSchema,
  DataVariationSchema,
  EducationVariationSchema,
  ElectricityVariationSchema,
  NetworkSchema,
} from '../entities';

/** What is on sale: networks and plans (public). */

export const dataProducts = endpoint({
  name: 'public.product.data',
  method: 'GET',
  path: '/api/public/product/data/all',
  access: 'public',
  summary: 'Data variations with plans.',
  response: message(z.array(DataVariationSchema)),
});

export const cableProducts = endpoint({
  name: 'public.product.cabletv',
  method: 'GET',
  path: '/api/public/product/cabletv/all',
  access: 'public',
  summary: 'Cable TV providers with plans.',
  response: message(z.array(CableVariationSchema)),
});

export const electricityProducts = endpoint({
  name: 'public.product.electricity',
  method: 'GET',
  path: '/api/public/product/electricity/all',
  access: 'public',
  summary: 'Electricity distribution companies (prepaid and postpaid).',
  response: message(z.array(ElectricityVariationSchema)),
});

export const educationProducts = endpoint({
  name: 'public.product.education',
  method: 'GET',
  path: '/api/public/product/education/all',
  access: 'public',
  summary: 'Exam pins with prices.',
  response: message(z.array(EducationVariationSchema)),
});

export const networks = endpoint({
  name: 'public.product.network',
  method: 'GET',
  path: '/api/public/product/network/all',
  access: 'public',
  summary: 'Mobile networks with the airtime discount.',
  response: message(z.array(NetworkSchema)),
});
