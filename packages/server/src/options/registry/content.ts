import { z } from 'zod';
import { json, str, url } from '../option-def.js';

/**
 * Chat clients offered from the token list: each entry maps a client name to a link template where
 * `{key}` is the API key and `{address}` the server address.
 */
const defaultChats: Record<string, string>[] = [
  { 'Cherry Studio': 'cherrystudio://providers/api-keys?v=1&data={cherryConfig}' },
  { 'Lobe Chat': 'https://chat-preview.lobehub.com/?settings={"keyVaults":{"openai":{"apiKey":"{key}","baseURL":"{address}/v1"}}}' },
  { NextChat: 'https://app.nextchat.dev/#/?settings={"key":"{key}","url":"{address}"}' },
];

/** Texts and links shown across the console. */
export const contentOptions = {
  SystemName: str('Model Gateway'),
  Logo: str(),
  Notice: str(),
  About: str(),
  HomePageContent: str(),
  /** The user agreement and privacy policy (text, Markdown/HTML or a link); non-empty ones must be accepted on registration. */
  'legal.user_agreement': str(),
  'legal.privacy_policy': str(),
  Footer: str(),
  TopUpLink: url(),
  ChatLink: url(),
  ChatLink2: url(),
  'general_setting.docs_link': url(),
  Chats: json(defaultChats, z.array(z.record(z.string(), z.string({ error: 'must be a link template string' })), { error: 'must be a list of {name: link} objects' })),
};
