// The accounts the 'Fill Test Credentials' buttons fill in, from the seed's own small module.
export { DEMO_CREDENTIALS, SAMPLE_SIGNUP } from '../../contract/seed/accounts';
