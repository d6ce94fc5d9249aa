package dev.csfstudio.eclipse.debug.model;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

import org.eclipse.debug.core.DebugEvent;
import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.model.IMemoryBlockExtension;
import org.eclipse.debug.core.model.IMemoryBlockRetrieval;
import org.eclipse.debug.core.model.MemoryByte;
import org.eclipse.lsp4j.debug.ReadMemoryArguments;
import org.eclipse.lsp4j.debug.ReadMemoryResponse;
import org.eclipse.lsp4j.debug.WriteMemoryArguments;

/**
 * GPU memory from a virtual address, as the stopped queue's VM maps it (DAP readMemory / writeMemory). Bytes the
 * page tables do not map come back unreadable and show as such, never as zeros.
 */
public final class CsfMemoryBlock extends CsfDebugElement implements IMemoryBlockExtension {

    private final String expression;
    /** "" for the stopped queue's VM, else "vm:" as the adapter's memory references name another VM. */
    private final String vm;
    private BigInteger base;
    private final List<Object> connections = new ArrayList<>();

    CsfMemoryBlock(CsfDebugTarget target, String vm, BigInteger base, String expression) {
        super(target);
        this.vm = vm;
        this.base = base;
        this.expression = expression;
    }

    @Override
    public String getExpression() {
        return expression;
    }

    @Override
    public BigInteger getBigBaseAddress() {
        return base;
    }

    @Override
    public BigInteger getMemoryBlockStartAddress() {
        return null; // no bound: the view may scroll anywhere in the VA space
    }

    @Override
    public BigInteger getMemoryBlockEndAddress() {
        return null;
    }

    @Override
    public BigInteger getBigLength() {
        return BigInteger.ONE.shiftLeft(48);
    }

    @Override
    public int getAddressSize() {
        return 8;
    }

    @Override
    public boolean supportBaseAddressModification() {
        return true;
    }

    @Override
    public boolean supportsChangeManagement() {
        return false;
    }

    @Override
    public void setBaseAddress(BigInteger address) {
        base = address;
        fireChangeEvent(DebugEvent.STATE);
    }

    @Override
    public MemoryByte[] getBytesFromOffset(BigInteger unitOffset, long addressableUnits) throws DebugException {
        return getBytesFromAddress(base.add(unitOffset), addressableUnits);
    }

    /** `units` bytes from `address`: what is mapped as readable bytes, the rest flagged unreadable. */
    @Override
    public MemoryByte[] getBytesFromAddress(BigInteger address, long units) throws DebugException {
        int count = (int) Math.min(units, Integer.MAX_VALUE);
        MemoryByte[] out = new MemoryByte[count];
        byte[] data = new byte[0];
        BigInteger at = address;
        if (target.isSuspended()) {
            ReadMemoryArguments a = new ReadMemoryArguments();
            a.setMemoryReference(vm + MemoryAddress.hex(address));
            a.setCount(count);
            ReadMemoryResponse r = target.call(target.server().readMemory(a), "readMemory " + MemoryAddress.hex(address));
            if (r != null && r.getData() != null) {
                data = Base64.getDecoder().decode(r.getData());
                String answer = r.getAddress() != null ? r.getAddress().substring(r.getAddress().indexOf(':') + 1) : null;
                BigInteger answered = MemoryAddress.parse(answer);
                at = answered != null ? answered : address;
            }
        }
        int skip = at.subtract(address).max(BigInteger.ZERO).min(BigInteger.valueOf(count)).intValue();
        for (int i = 0; i < count; i++) {
            int j = i - skip;
            out[i] = j >= 0 && j < data.length
                    ? new MemoryByte(data[j], (byte) (MemoryByte.READABLE | MemoryByte.WRITABLE | MemoryByte.ENDIANESS_KNOWN))
                    : new MemoryByte((byte) 0, (byte) 0);
        }
        return out;
    }

    @Override
    public void setValue(BigInteger offset, byte[] bytes) throws DebugException {
        WriteMemoryArguments a = new WriteMemoryArguments();
        a.setMemoryReference(vm + MemoryAddress.hex(base.add(offset)));
        a.setData(Base64.getEncoder().encodeToString(bytes));
        target.call(target.server().writeMemory(a), "writeMemory " + MemoryAddress.hex(base.add(offset)));
        fireChangeEvent(DebugEvent.CONTENT);
    }

    @Override
    public synchronized void connect(Object client) {
        if (!connections.contains(client)) {
            connections.add(client);
        }
    }

    @Override
    public synchronized void disconnect(Object client) {
        connections.remove(client);
    }

    @Override
    public synchronized Object[] getConnections() {
        return connections.toArray();
    }

    @Override
    public void dispose() {
        synchronized (this) {
            connections.clear();
        }
    }

    @Override
    public IMemoryBlockRetrieval getMemoryBlockRetrieval() {
        return target;
    }

    @Override
    public int getAddressableSize() {
        return 1;
    }

    @Override
    public long getStartAddress() {
        return base.longValue();
    }

    @Override
    public long getLength() {
        return getBigLength().longValue();
    }

    /** 64 bytes from the base (the plain IMemoryBlock view of this block). */
    @Override
    public byte[] getBytes() throws DebugException {
        MemoryByte[] m = getBytesFromAddress(base, 64);
        byte[] b = new byte[m.length];
        for (int i = 0; i < m.length; i++) {
            b[i] = m[i].getValue();
        }
        return b;
    }

    @Override
    public boolean supportsValueModification() {
        return Boolean.TRUE.equals(target.capabilities().getSupportsWriteMemoryRequest());
    }

    @Override
    public void setValue(long offset, byte[] bytes) throws DebugException {
        setValue(BigInteger.valueOf(offset), bytes);
    }
}
