/**
 * CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320): the checksum of PNG chunks and of AWS
 * event-stream frames. node:zlib computes it natively from Node 20.15 on, and the engines field asks for 20.19.
 */
export { crc32 } from 'node:zlib';
