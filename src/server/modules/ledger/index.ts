/** The ledger module's public face: what other folders use. Its other files are private (docs/architecture.md §2). */
export { accountRow, accounts, getWalletBalances, insufficientTokens, lockTransferForReversal, paymentInFunction, reverseGrant, transfer, transferAll, transferAround, transferRow, walletFor, type Account, type TransferInput, type TransferResult } from './service';
